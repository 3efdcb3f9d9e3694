// Route entry of the sync view (/sync): the state of the outbox and every sale on its way to the
// PMS, with retry, void and "was it posted?" actions. See sync/SyncPage.tsx.
import { onMount } from 'solid-js';
import { noteFirstScreen } from '../features/catalogue';
import './desk.css';
import './sync/sync.css';
import { SyncPage } from './sync/SyncPage';

export default function SyncView() {
  onMount(noteFirstScreen); // no catalogue to wait for: the background work may start
  return <SyncPage />;
}
