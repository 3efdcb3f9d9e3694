// Every word of the plain-HTTP setup page, in German and English, and how the page's language is
// chosen (`?lang=` first, then Accept-Language, else English). Texts are plain strings; the page
// escapes them.

export type SetupLanguage = 'de' | 'en';
export const SETUP_LANGUAGES: readonly SetupLanguage[] = ['de', 'en'];

export interface SetupTexts {
  languageName: string;
  title: (hotelName?: string) => string;
  intro: string;
  whyHttps: string;
  installHeading: string;
  androidSteps: string[];
  appleSteps: (caName: string) => string[];
  otherDevices: string;
  fingerprint: string;
  ownCertificate: string;
  openHeading: string;
  openHint: string;
  pairHeading: string;
  pairText: string;
}

export const SETUP_TEXTS: Record<SetupLanguage, SetupTexts> = {
  en: {
    languageName: 'English',
    title: (hotel) =>
      hotel ? `Set up this tablet for the till of ${hotel}` : 'Set up this tablet for Hotel Till',
    intro: 'This is the Hotel Till cash register server. You have reached its setup page.',
    whyHttps:
      'The till keeps selling when the network is down. Browsers allow that only at a secure ' +
      'address (HTTPS). This server makes its own certificate for the hotel’s network, so each ' +
      'tablet has to trust it once.',
    installHeading: '1. Install the hotel’s certificate',
    androidSteps: [
      'Tap “Android” above: the certificate is downloaded.',
      'Open Settings → Security → Encryption & credentials → Install a certificate → CA certificate.',
      'Tap “Install anyway” and choose hotel-till-ca.crt.',
    ],
    appleSteps: (caName) => [
      'Open this page in Safari and tap “iPad / iPhone” above, then “Allow”.',
      'Open Settings → Profile Downloaded → Install.',
      `Then Settings → General → About → Certificate Trust Settings: turn on full trust for “${caName}”.`,
    ],
    otherDevices: 'Other devices: the certificate as PEM',
    fingerprint:
      'Before you trust it, compare the certificate’s SHA-256 fingerprint with the one the till ' +
      'server shows on its own screen:',
    ownCertificate: '1. Nothing to install: this server uses the hotel’s own certificate.',
    openHeading: '2. Open the till at its secure address',
    openHint: 'Type the address, tap it, or scan the code with the camera:',
    pairHeading: '3. Pair the tablet',
    pairText: 'The till asks for a pairing code: enter the code the manager shows you.',
  },
  de: {
    languageName: 'Deutsch',
    title: (hotel) =>
      hotel
        ? `Dieses Tablet für die Kasse von ${hotel} einrichten`
        : 'Dieses Tablet für Hotel Till einrichten',
    intro: 'Dies ist der Kassenserver von Hotel Till. Sie sind auf seiner Einrichtungsseite.',
    whyHttps:
      'Die Kasse verkauft auch weiter, wenn das Netzwerk ausfällt. Browser erlauben das nur unter ' +
      'einer sicheren Adresse (HTTPS). Dieser Server stellt sein eigenes Zertifikat für das Netz des ' +
      'Hotels aus; jedes Tablet muss ihm einmal vertrauen.',
    installHeading: '1. Das Zertifikat des Hotels installieren',
    androidSteps: [
      'Oben auf „Android“ tippen: Das Zertifikat wird heruntergeladen.',
      'Einstellungen → Sicherheit → Verschlüsselung & Anmeldedaten → Zertifikat installieren → CA-Zertifikat öffnen.',
      '„Trotzdem installieren“ tippen und hotel-till-ca.crt auswählen.',
    ],
    appleSteps: (caName) => [
      'Diese Seite in Safari öffnen, oben auf „iPad / iPhone“ tippen, dann auf „Zulassen“.',
      'Einstellungen → Profil geladen → Installieren öffnen.',
      `Dann Einstellungen → Allgemein → Info → Zertifikatsvertrauenseinstellungen: volles Vertrauen für „${caName}“ einschalten.`,
    ],
    otherDevices: 'Andere Geräte: das Zertifikat als PEM',
    fingerprint:
      'Bevor Sie ihm vertrauen: Vergleichen Sie den SHA-256-Fingerabdruck des Zertifikats mit dem, ' +
      'den der Kassenserver auf seinem eigenen Bildschirm zeigt:',
    ownCertificate: '1. Nichts zu installieren: Dieser Server verwendet das eigene Zertifikat des Hotels.',
    openHeading: '2. Die Kasse unter ihrer sicheren Adresse öffnen',
    openHint: 'Adresse eintippen, antippen oder den Code mit der Kamera scannen:',
    pairHeading: '3. Das Tablet koppeln',
    pairText:
      'Die Kasse fragt nach einem Kopplungscode: Geben Sie den Code ein, den die Hotelleitung Ihnen zeigt.',
  },
};

/** `?lang=de|en` wins; then the Accept-Language entry with the highest weight we speak; else English. */
export function chooseLanguage(
  langParameter: string | undefined,
  acceptLanguage: string | undefined,
): SetupLanguage {
  if (isSetupLanguage(langParameter)) return langParameter;
  let best: { language: SetupLanguage; weight: number } | undefined;
  for (const entry of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...parameters] = entry.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0];
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (isSetupLanguage(language) && weight > 0 && (best === undefined || weight > best.weight)) {
      best = { language, weight };
    }
  }
  return best?.language ?? 'en';
}

function isSetupLanguage(value: string | undefined): value is SetupLanguage {
  return value === 'de' || value === 'en';
}
