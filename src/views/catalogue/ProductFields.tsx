// The inputs of the new-product form: name, article number, EAN, price, commodity group, tax class
// and whether the price is open (typed in at the till).
import { For } from 'solid-js';
import { catalogue } from '../../features/catalogue';
import { t } from '../../words/i18n';

export function ProductFields() {
  return (
    <>
      <label class="field">
        <span>{t('productForm.name')}</span>
        <input name="name" required maxLength={120} autocomplete="off" />
      </label>
      <div class="field-row">
        <label class="field">
          <span>{t('productForm.number')}</span>
          <input name="number" maxLength={40} autocomplete="off" />
        </label>
        <label class="field">
          <span>{t('productForm.ean')}</span>
          <input name="ean" inputMode="numeric" pattern="\d{8}|\d{12,14}" maxLength={14} autocomplete="off" />
        </label>
      </div>
      <label class="field">
        <span>{t('productForm.price')}</span>
        <input name="price" inputMode="decimal" required autocomplete="off" />
      </label>
      <label class="field">
        <span>{t('productForm.group')}</span>
        <select name="group" required>
          <option value="">{t('productForm.chooseGroup')}</option>
          <For each={catalogue().groups}>{(group) => <option value={group.id}>{group.name}</option>}</For>
        </select>
      </label>
      <label class="field">
        <span>{t('productForm.taxClass')}</span>
        <select name="taxClass" required>
          <option value="">{t('productForm.chooseTaxClass')}</option>
          <For each={catalogue().taxClasses}>{(tax) => <option value={tax.id}>{tax.name}</option>}</For>
        </select>
      </label>
      <label class="checkbox-field">
        <input type="checkbox" name="openPrice" />
        <span>{t('productForm.openPrice')}</span>
      </label>
    </>
  );
}
