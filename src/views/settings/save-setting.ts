// Saving one setting from the settings view, on the router's actions: a change goes through
// src/features/device/settings.ts (the language through i18n, which owns it), "Saved." shows for a few
// seconds, and each field shows why its latest change was refused (SettingsError), in staff words.
import { action, useAction, useSubmissions } from '@solidjs/router';
import { type Accessor, createSignal, onCleanup } from 'solid-js';
import {
  HOTEL_ADDRESS_MAX,
  HOTEL_NAME_MAX,
  type Settings,
  SettingsError,
  updateSettings,
} from '../../features/device';
import { type Language, setLanguage, t } from '../../words/i18n';

export const saveSettingAction = action(async (patch: Partial<Settings>) => {
  updateSettings(patch);
  return patch; // a result, so the router keeps this submission: it is the field's latest
}, 'save-setting');
export const chooseLanguageAction = action(setLanguage, 'choose-language');

export interface SettingSaver {
  /** Applies and stores the change; a refusal is kept for its field. */
  save(patch: Partial<Settings>): void;
  /** Switches the UI language and says "Saved." like any other change. */
  chooseLanguage(language: Language): void;
  /** Why the latest change of `field` was refused, or undefined. */
  error(field: keyof Settings): string | undefined;
  saved: Accessor<boolean>;
}

const SHOW_SAVED_MS = 2500;

function refusalText(field: keyof Settings): string {
  if (field === 'gatewayUrl') return t('settings.error.gatewayUrl');
  if (field === 'currency') return t('settings.error.currency');
  if (field === 'hotelName') return t('settings.error.hotelName', { max: HOTEL_NAME_MAX });
  if (field === 'hotelAddress') return t('settings.error.hotelAddress', { max: HOTEL_ADDRESS_MAX });
  if (field === 'vatId') return t('settings.error.vatId');
  return t('settings.error.other');
}

export function useSettingSaver(): SettingSaver {
  const submissions = useSubmissions(saveSettingAction);
  for (const submission of [...submissions]) submission.clear(); // the view opens without old refusals
  const saveSetting = useAction(saveSettingAction);
  const switchLanguage = useAction(chooseLanguageAction);
  const [saved, setSaved] = createSignal(false); // the "Saved." note's few seconds, not a busy flag
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(timer));
  const showSaved = () => {
    setSaved(true);
    clearTimeout(timer);
    timer = setTimeout(() => setSaved(false), SHOW_SAVED_MS);
  };
  const latestOf = (field: keyof Settings) =>
    [...submissions].reverse().find(({ input: [patch] }) => field in patch);
  return {
    save(patch) {
      saveSetting(patch).then(showSaved, (error: unknown) => {
        setSaved(false);
        if (!(error instanceof SettingsError)) console.error('[settings] could not save', error);
      });
    },
    chooseLanguage(language) {
      switchLanguage(language).catch((error: unknown) =>
        console.error('[settings] could not load the texts of the language', error),
      );
      showSaved();
    },
    error(field) {
      return latestOf(field)?.error instanceof SettingsError ? refusalText(field) : undefined;
    },
    saved,
  };
}
