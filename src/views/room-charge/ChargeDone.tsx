// The result of the last charge: amount, room and sale reference, and that it goes to the PMS by
// itself (the sync view shows its progress).
import { A } from '@solidjs/router';
import type { SaleRecord } from '../../features/room-charge';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';

export function ChargeDone(props: { sale: SaleRecord }) {
  return (
    <div class="desk-notice" data-tone="ok" role="status" data-testid="charge-done">
      <strong>
        {t('roomCharge.charge.done', {
          amount: formatCents(props.sale.totalCents),
          room: props.sale.room?.roomNumber ?? '',
          reference: props.sale.reference,
        })}
      </strong>
      {t('roomCharge.charge.sending')} <A href="/sync">{t('connection.open')}</A>
    </div>
  );
}
