// Words of the "open the till over HTTPS" screen in English and German (the type makes German have
// exactly the English keys). Not a feature's texts (docs/texts.md): that screen shows before any of
// the till runs, in the browser's language.

export const en = {
  title: 'Open the till over HTTPS',
  why: 'This address uses plain http://. Browsers do not let a till work there: it could not sell offline, keep its sales safe on the tablet or be paired with the till server. Nothing was stored here.',
  open: 'Open the till at its HTTPS address:',
  certificate:
    'Before the first time, install the hotel’s certificate on this tablet (once). The setup page on the till server’s plain http:// address explains how, step by step.',
  setup: 'Open the setup page',
} as const;

export const de: Record<keyof typeof en, string> = {
  title: 'Die Kasse über HTTPS öffnen',
  why: 'Diese Adresse verwendet einfaches http://. Dort lassen Browser keine Kasse arbeiten: Sie könnte nicht offline verkaufen, ihre Verkäufe nicht sicher auf dem Tablet speichern und nicht mit dem Kassenserver gekoppelt werden. Hier wurde nichts gespeichert.',
  open: 'Die Kasse unter ihrer HTTPS-Adresse öffnen:',
  certificate:
    'Vor dem ersten Mal das Zertifikat des Hotels auf diesem Tablet installieren (einmalig). Die Einrichtungsseite unter der einfachen http://-Adresse des Kassenservers erklärt es Schritt für Schritt.',
  setup: 'Einrichtungsseite öffnen',
};
