// Which locale each UI language formats numbers and dates with.

export const LOCALES = { en: 'en-GB', de: 'de-DE' } as const;
