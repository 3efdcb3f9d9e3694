// Device settings (placeholder). Owns for now: choosing the UI language.
import { For } from 'solid-js';
import { LANGUAGE_NAMES, type Language, language, setLanguage, t } from '../app/i18n';
import { Placeholder } from './Placeholder';

const LANGUAGES = Object.keys(LANGUAGE_NAMES) as Language[];

export default function SettingsView() {
  return (
    <Placeholder titleKey="settings.title">
      <label class="field">
        <span>{t('settings.language')}</span>
        <select value={language()} onChange={(event) => setLanguage(event.currentTarget.value as Language)}>
          <For each={LANGUAGES}>{(code) => <option value={code}>{LANGUAGE_NAMES[code]}</option>}</For>
        </select>
      </label>
    </Placeholder>
  );
}
