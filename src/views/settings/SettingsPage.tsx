// The settings view: language and theme, and this till (staff name where nobody signs in, till and outlet name, gateway
// address, currency, the cash payment method), and the receipt header. Every change is saved at once on this tablet
// (src/features/device/settings.ts checks it); a value it refuses is explained next to the field.
import { createUniqueId, onMount, Show } from 'solid-js';
import { catalogue, startCatalogue } from '../../features/catalogue';
import { namedByServer, type Settings, settings, tillIdentity } from '../../features/device';
import { signInRequired } from '../../features/staff';
import { LANGUAGE_NAMES, type Language, language, t } from '../../words/i18n';
import { GatewayStatus } from './GatewayStatus';
import { ReceiptHeaderFields } from './ReceiptHeaderFields';
import { SelectField } from './SelectField';
import { SettingField } from './SettingField';
import { useSettingSaver } from './save-setting';

const LANGUAGES = Object.keys(LANGUAGE_NAMES) as Language[];
const THEMES = ['system', 'light', 'dark'] as const;

export function SettingsPage() {
  const deviceId = createUniqueId();
  const looksId = createUniqueId();
  const saver = useSettingSaver();
  onMount(startCatalogue); // the payment methods for the cash choice
  const cashChoices = () => [
    { value: '', label: t('settings.cashMethodAuto') },
    ...catalogue().paymentOptions.payment_methods.map((m) => ({ value: String(m.id), label: m.name })),
  ];
  return (
    <section class="view desk-view settings-view">
      <h1>{t('settings.title')}</h1>
      <section class="desk-panel" aria-labelledby={looksId}>
        <h2 id={looksId}>{t('settings.looks')}</h2>
        <SelectField
          label={t('settings.language')}
          value={language()}
          choices={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          onChange={(value) => saver.chooseLanguage(value as Language)}
        />
        <SelectField
          label={t('settings.theme')}
          value={settings().theme}
          choices={THEMES.map((theme) => ({ value: theme, label: t(`settings.theme.${theme}`) }))}
          onChange={(value) => saver.save({ theme: value as Settings['theme'] })}
        />
      </section>
      <section class="desk-panel" aria-labelledby={deviceId}>
        <h2 id={deviceId}>{t('settings.device')}</h2>
        <Show when={!signInRequired()}>
          {/* where staff sign in, the signed-in person is recorded: no name to set */}
          <SettingField
            field="staffName"
            label={t('settings.staff')}
            hint={t('settings.staffHint')}
            saver={saver}
          />
        </Show>
        <Show
          when={!namedByServer()}
          fallback={
            <p data-testid="till-identity">
              {t('settings.namedByServer', {
                till: tillIdentity().tillName,
                outlet: tillIdentity().outletName,
              })}
            </p>
          }
        >
          <SettingField field="tillName" label={t('settings.till')} saver={saver} />
          <SettingField
            field="outletName"
            label={t('settings.outlet')}
            hint={t('settings.outletHint')}
            saver={saver}
          />
        </Show>
        <SettingField
          field="gatewayUrl"
          label={t('settings.gateway')}
          hint={t('settings.gatewayHint', { origin: location.origin })}
          type="url"
          placeholder={location.origin}
          saver={saver}
        />
        <GatewayStatus />
        <SettingField
          field="currency"
          label={t('settings.currency')}
          hint={t('settings.currencyHint')}
          saver={saver}
        />
        <SelectField
          label={t('settings.cashMethod')}
          value={String(settings().cashPaymentMethodId ?? '')}
          choices={cashChoices()}
          onChange={(value) => saver.save({ cashPaymentMethodId: value ? Number(value) : null })}
        />
      </section>
      <ReceiptHeaderFields saver={saver} />
      <p class="settings-saved" role="status" aria-live="polite">
        <Show when={saver.saved()}>{t('settings.saved')}</Show>
      </p>
    </section>
  );
}
