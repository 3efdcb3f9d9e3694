// State of the outbox and PMS synchronisation (placeholder).
import { Placeholder } from './Placeholder';

export default function SyncView() {
  return <Placeholder titleKey="sync.title" />;
}
