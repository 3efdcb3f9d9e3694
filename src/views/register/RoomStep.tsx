// "Charge to room" on the pay screen: find the guest, the usage rule and the surname check (the
// room-charge page's own parts, StayCheck.tsx), then one tap records the ticket, or the part of a
// split, as a room charge. Loaded with the pay screen, after the first screen.
import { Show } from 'solid-js';
import type { SaleRecord } from '../../features/room-charge';
import { ticketTotals } from '../../features/ticket';
import type { TicketPart } from '../../rules/split';
import { chargeProblemText } from '../../words/charge-problem';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { useSubmitter } from '../common/submit';
import { GuestFinder } from '../room-charge/GuestFinder';
import { createStayChoice, StayCheck } from '../room-charge/StayCheck';
import { chargeToRoomAction } from './data';
import '../desk.css';
import '../room-charge/room-charge.css';

export function RoomStep(props: {
  part: TicketPart | undefined;
  /** The sale's id and any approval it needs (a discount); null when refused or cancelled. */
  approve: () => Promise<{ saleId?: string; approvals?: string[] } | null>;
  onCharged: (sale: SaleRecord) => void;
}) {
  const choice = createStayChoice();
  const { submission, submit } = useSubmitter(chargeToRoomAction);
  const amount = () => props.part?.totalCents ?? ticketTotals().grossCents;
  const charge = async () => {
    const stay = choice.stay();
    if (!stay) return;
    const approved = await props.approve();
    if (!approved) return;
    const payment = {
      stay,
      confirmedSurname: choice.surname() ?? '',
      part: props.part,
      shareWord: t('ticket.shareWord'),
      ...approved,
    };
    if (await submit(payment)) props.onCharged(submission.result as SaleRecord);
  };
  return (
    <section class="pay-room" aria-label={t('pay.room.title')}>
      <h3>{t('pay.room.title')}</h3>
      <Show when={choice.stay()} fallback={<GuestFinder onChoose={choice.choose} />}>
        {(stay) => (
          <>
            <StayCheck choice={choice} stay={stay()} />
            <Show when={choice.chargeable()}>
              <Show when={!choice.surname()}>
                <p class="desk-muted">{t('pay.room.chooseGuest')}</p>
              </Show>
              <button
                type="button"
                class="primary pay-complete"
                disabled={submission.pending || !choice.surname()}
                onClick={() => void charge()}
              >
                {t('pay.room.complete', { amount: formatCents(amount()), room: stay().room_number })}
              </button>
              <Show when={submission.error}>
                <p class="desk-notice" data-tone="error" role="alert">
                  {chargeProblemText(submission.error, stay())}
                </p>
              </Show>
            </Show>
          </>
        )}
      </Show>
    </section>
  );
}
