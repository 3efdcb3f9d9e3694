// The receipt header: the hotel's name, address and VAT ID, printed at the top of every receipt and
// cancellation slip. On a paired tablet it is the server's (set on the admin page), shown here
// read-only; only a tablet not yet paired sets its own (src/features/device/settings.ts checks them).
import { createUniqueId, Show } from 'solid-js';
import { headerFromServer, receiptHeader } from '../../features/device';
import { t } from '../../words/i18n';
import { SettingField } from './SettingField';
import type { SettingSaver } from './save-setting';

export function ReceiptHeaderFields(props: { saver: SettingSaver }) {
  const headingId = createUniqueId();
  return (
    <section class="desk-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings.receipt')}</h2>
      <Show
        when={!headerFromServer()}
        fallback={
          <>
            <dl class="receipt-header-from-server" data-testid="receipt-header-from-server">
              <dt>{t('settings.hotelName')}</dt>
              <dd>{receiptHeader().hotelName || '—'}</dd>
              <dt>{t('settings.hotelAddress')}</dt>
              <dd>{receiptHeader().hotelAddress || '—'}</dd>
              <dt>{t('settings.vatId')}</dt>
              <dd>{receiptHeader().vatId || '—'}</dd>
            </dl>
            <p class="view-note">{t('settings.headerFromServer')}</p>
          </>
        }
      >
        <SettingField field="hotelName" label={t('settings.hotelName')} saver={props.saver} />
        <SettingField
          field="hotelAddress"
          label={t('settings.hotelAddress')}
          hint={t('settings.hotelAddressHint')}
          saver={props.saver}
        />
        <SettingField
          field="vatId"
          label={t('settings.vatId')}
          hint={t('settings.vatIdHint')}
          saver={props.saver}
        />
      </Show>
    </section>
  );
}
