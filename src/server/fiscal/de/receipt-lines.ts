// The fiscal block of a German receipt as plain-text lines (§6 KassenSichV: TSE transaction number,
// start and end time, signature counter and signature, serials of till and TSE), in German, English
// or both. An outage receipt says "TSE ausgefallen / TSE unavailable" with the till's time and no
// transaction number; a reprint of a sale signed late says so; the test TSE's receipts say TEST-TSE.
// The QR code itself (the `V0;…` string) is the printer's to draw.
import { hotelTimeZone } from '../../clock/hotel-clock.ts';
import type { FiscalOutcome } from './signing-service.ts';

export type ReceiptLanguage = 'de' | 'en' | 'both';

const LABELS = {
  transaction: { de: 'TSE-Transaktion', en: 'TSE transaction' },
  start: { de: 'Beginn', en: 'Start' },
  end: { de: 'Ende', en: 'End' },
  counter: { de: 'Signaturzähler', en: 'Signature counter' },
  signature: { de: 'Signatur', en: 'Signature' },
  tillSerial: { de: 'Seriennr. Kasse', en: 'Till serial' },
  tseSerial: { de: 'Seriennr. TSE', en: 'TSE serial' },
  outage: { de: 'TSE ausgefallen', en: 'TSE unavailable' },
  tillTime: { de: 'Zeit (Kasse)', en: 'Time (till)' },
  signedLater: { de: 'Nachträglich signiert', en: 'Signed later' },
  testTse: {
    de: 'TEST-TSE: kein gültiger Beleg',
    en: 'TEST-TSE: not a lawful receipt',
  },
} as const;

export interface ReceiptLineOptions {
  language: ReceiptLanguage;
  /** A reprint (a printed receipt never changes; a reprint of a late-signed sale says so). */
  reprint?: boolean;
  /** Signed by the embedded test TSE. */
  testTse?: boolean;
  /** The time zone of the printed times; default the hotel's (clock/hotel-clock.ts). */
  timeZone?: string;
}

export function fiscalReceiptLines(outcome: FiscalOutcome, options: ReceiptLineOptions): string[] {
  const label = (key: keyof typeof LABELS) => {
    const pair = LABELS[key];
    return options.language === 'both' ? `${pair.de} / ${pair.en}` : pair[options.language];
  };
  const time = new Intl.DateTimeFormat('de-DE', {
    timeZone: options.timeZone ?? hotelTimeZone(),
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  const at = (iso: string) => time.format(new Date(iso));
  const lines: string[] = [];
  if (options.testTse) lines.push(label('testTse'));
  if (outcome.status === 'unsigned') {
    lines.push(label('outage'), `${label('tillTime')}: ${at(outcome.recordedAt)}`);
    return lines;
  }
  const signed = outcome.signature;
  if (outcome.signedLate && options.reprint) lines.push(label('signedLater'));
  lines.push(
    `${label('transaction')}: ${signed.txNumber}`,
    `${label('start')}: ${at(signed.timeStart)}`,
    `${label('end')}: ${at(signed.timeEnd)}`,
    `${label('counter')}: ${signed.signatureCounter}`,
    `${label('signature')}: ${signed.signature}`,
    `${label('tillSerial')}: ${signed.clientSerial}`,
    `${label('tseSerial')}: ${signed.tseSerial}`,
  );
  return lines;
}
