// The receipt header: the hotel's name, address and VAT ID, printed at the top of every receipt and
// cancellation slip. On a paired tablet it is the server's (set on the admin page), shown here
// read-only; only a tablet not yet paired sets its own (src/state/settings.ts checks them).
import { createUniqueId, Show } from 'solid-js';
import { headerFromServer, receiptHeader } from '../../state/receipt-header';
import { rw } from '../../words/receipts';
import { SettingField } from './SettingField';
import type { SettingSaver } from './save-setting';

export function ReceiptHeaderFields(props: { saver: SettingSaver }) {
  const headingId = createUniqueId();
  return (
    <section class="desk-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{rw('settings.receipt')}</h2>
      <Show
        when={!headerFromServer()}
        fallback={
          <>
            <dl class="receipt-header-from-server" data-testid="receipt-header-from-server">
              <dt>{rw('settings.hotelName')}</dt>
              <dd>{receiptHeader().hotelName || '—'}</dd>
              <dt>{rw('settings.hotelAddress')}</dt>
              <dd>{receiptHeader().hotelAddress || '—'}</dd>
              <dt>{rw('settings.vatId')}</dt>
              <dd>{receiptHeader().vatId || '—'}</dd>
            </dl>
            <p class="view-note">{rw('settings.headerFromServer')}</p>
          </>
        }
      >
        <SettingField field="hotelName" label={rw('settings.hotelName')} saver={props.saver} />
        <SettingField
          field="hotelAddress"
          label={rw('settings.hotelAddress')}
          hint={rw('settings.hotelAddressHint')}
          saver={props.saver}
        />
        <SettingField
          field="vatId"
          label={rw('settings.vatId')}
          hint={rw('settings.vatIdHint')}
          saver={props.saver}
        />
      </Show>
    </section>
  );
}
