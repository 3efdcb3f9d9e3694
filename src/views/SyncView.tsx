// Route entry of the sync view (/sync): the state of the outbox and every sale on its way to the
// PMS, with retry, void and "was it posted?" actions. See sync/SyncPage.tsx.
import './desk.css';
import './sync/sync.css';
import { SyncPage } from './sync/SyncPage';

export default function SyncView() {
  return <SyncPage />;
}
