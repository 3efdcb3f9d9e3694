// The result of the last charge: amount, room and sale reference, and that it goes to the PMS by
// itself (the sync view shows its progress). The reference never breaks at its hyphen ("32MU-/8",
// issue 33), and the way to the sync view is a button-sized link.
import { A } from '@solidjs/router';
import { Show } from 'solid-js';
import type { SaleRecord } from '../../features/room-charge';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import '../desk.css';

export function ChargeDone(props: { sale: SaleRecord }) {
  return (
    <div class="desk-notice" data-tone="ok" role="status" data-testid="charge-done">
      <strong>
        <KeptWhole
          text={t('roomCharge.charge.done', {
            amount: formatCents(props.sale.totalCents),
            room: props.sale.room?.roomNumber ?? '',
            reference: props.sale.reference,
          })}
          whole={props.sale.reference}
        />
      </strong>
      <span>{t('roomCharge.charge.sending')}</span>{' '}
      <A href="/sync" class="button notice-link">
        {t('connection.open')}
      </A>
    </div>
  );
}

/** `text` with `whole` (a sale's reference) in it as one unbreakable piece. */
function KeptWhole(props: { text: string; whole: string }) {
  const at = () => props.text.indexOf(props.whole);
  return (
    <Show when={at() >= 0} fallback={props.text}>
      {props.text.slice(0, at())}
      <span class="nowrap">{props.whole}</span>
      {props.text.slice(at() + props.whole.length)}
    </Show>
  );
}
