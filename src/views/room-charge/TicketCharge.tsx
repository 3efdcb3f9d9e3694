// Charging the current ticket to the chosen room: the ticket's lines and total, and the charge
// button; on success the ticket is closed and cleared (as after a sale: paid once across tabs), on
// failure it is kept and the reason shown.
import { A } from '@solidjs/router';
import { createUniqueId, Show } from 'solid-js';
import type { SaleRecord } from '../../features/room-charge';
import { ticketLines, ticketTotals } from '../../features/ticket';
import type { RoomReservation } from '../../pms/wire';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { ChargeFooter } from './ChargeFooter';
import { createTicketChargeAction } from './charge-action';
import { TicketLines } from './TicketLines';

export function TicketCharge(props: {
  stay: RoomReservation;
  surname: string | undefined;
  onCharged: (sale: SaleRecord) => void;
}) {
  const headingId = createUniqueId();
  const action = createTicketChargeAction(props);
  const label = () =>
    t('roomCharge.charge.button', {
      amount: formatCents(ticketTotals().grossCents),
      room: props.stay.room_number,
    });
  return (
    <section class="desk-panel rc-ticket" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('roomCharge.ticket.title')}</h2>
      <Show
        when={ticketLines().length > 0}
        fallback={
          <>
            <p class="desk-muted">{t('roomCharge.ticket.empty')}</p>
            <A class="button" href="/">
              {t('roomCharge.ticket.toCatalogue')}
            </A>
          </>
        }
      >
        <TicketLines />
        <ChargeFooter
          action={action}
          label={label()}
          ready={ticketLines().length > 0}
          confirmed={Boolean(props.surname)}
          onCharge={() => void action.charge()}
        />
      </Show>
    </section>
  );
}
