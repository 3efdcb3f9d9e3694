// Saving one setting from the settings view: applies it through src/state/settings.ts, says
// "Saved." for a few seconds, and keeps a refusal (SettingsError) per field, in staff words.
import { type Accessor, createSignal, onCleanup } from 'solid-js';
import { type Settings, SettingsError, updateSettings } from '../../state/settings';
import { type Language, setLanguage, t } from '../../words/i18n';

export interface SettingSaver {
  /** Applies and stores the change; false when it was refused (the error is then kept). */
  save(patch: Partial<Settings>): boolean;
  /** Switches the UI language (i18n owns it) and says "Saved." like any other change. */
  chooseLanguage(language: Language): void;
  /** Why the last change of `field` was refused, or undefined. */
  error(field: keyof Settings): string | undefined;
  saved: Accessor<boolean>;
}

const SHOW_SAVED_MS = 2500;

function refusalText(field: keyof Settings): string {
  if (field === 'gatewayUrl') return t('settings.error.gatewayUrl');
  if (field === 'currency') return t('settings.error.currency');
  return t('settings.error.other');
}

export function useSettingSaver(): SettingSaver {
  const [errors, setErrors] = createSignal<Partial<Record<keyof Settings, true>>>({});
  const [saved, setSaved] = createSignal(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(timer));
  const showSaved = () => {
    setSaved(true);
    clearTimeout(timer);
    timer = setTimeout(() => setSaved(false), SHOW_SAVED_MS);
  };
  return {
    save(patch) {
      const fields = Object.keys(patch) as (keyof Settings)[];
      try {
        updateSettings(patch);
      } catch (error) {
        if (!(error instanceof SettingsError)) throw error;
        setErrors((all) => ({ ...all, [error.field]: true }));
        setSaved(false);
        return false;
      }
      setErrors((all) =>
        Object.fromEntries(Object.entries(all).filter(([key]) => !fields.includes(key as keyof Settings))),
      );
      showSaved();
      return true;
    },
    chooseLanguage(language) {
      setLanguage(language).catch((error: unknown) =>
        console.error('[settings] could not load the texts of the language', error),
      );
      showSaved();
    },
    error: (field) => (errors()[field] ? refusalText(field) : undefined),
    saved,
  };
}
