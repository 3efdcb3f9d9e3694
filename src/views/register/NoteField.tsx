// The ticket's note (e.g. "no ice"): kept with the ticket, parked with it, printed on the receipt.

import { currentTicket, setNote } from '../../features/ticket';
import { t } from '../../words/i18n';

export function NoteField() {
  return (
    <label class="field note-field">
      <span>{t('ticket.note')}</span>
      <input
        value={currentTicket().note}
        maxLength={500}
        placeholder={t('ticket.notePlaceholder')}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
    </label>
  );
}
