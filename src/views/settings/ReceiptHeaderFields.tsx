// The receipt header's settings: the hotel's name, address and VAT ID, printed at the top of every
// receipt and cancellation slip (src/state/settings.ts checks them).
import { createUniqueId } from 'solid-js';
import { rw } from '../../words/receipts';
import { SettingField } from './SettingField';
import type { SettingSaver } from './save-setting';

export function ReceiptHeaderFields(props: { saver: SettingSaver }) {
  const headingId = createUniqueId();
  return (
    <section class="desk-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{rw('settings.receipt')}</h2>
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
    </section>
  );
}
