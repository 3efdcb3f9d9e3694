// Parking the current ticket under a name (table, guest). The ticket is cleared only once the tab
// is safely stored; on failure the message shows and the ticket stays.
import { useAction } from '@solidjs/router';
import { currentTicket } from '../../features/ticket';
import { errorText } from '../../words/error-text';
import { t } from '../../words/i18n';
import { Dialog } from '../common/Dialog';
import { useFreshSubmission } from '../common/fresh-submission';
import { parkTicketAction } from './data';

export function ParkDialog(props: { open: boolean; onClose: () => void; onParked: (label: string) => void }) {
  const park = useAction(parkTicketAction);
  const submission = useFreshSubmission(parkTicketAction, () => props.open);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const label = String(new FormData(event.currentTarget as HTMLFormElement).get('label') ?? '');
    submission.clear?.();
    try {
      await park(label);
      props.onParked(label.trim());
    } catch {
      // shown from submission.error below
    }
  };
  return (
    <Dialog open={props.open} title={t('park.title')} onClose={props.onClose}>
      <form class="form-stack" onSubmit={submit}>
        <label class="field">
          <span>{t('park.name')}</span>
          <input name="label" maxLength={60} value={currentTicket().label} required autocomplete="off" />
        </label>
        <p class="form-error" role="alert">
          {submission.error ? errorText(submission.error) : ''}
        </p>
        <div class="form-actions">
          <button type="submit" class="primary" disabled={submission.pending}>
            {t('park.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
