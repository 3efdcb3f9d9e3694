// The Austrian receipt's fiscal lines (docs/fiscal.md, "Austria"), German and English: the TEST
// mark of the embedded unit, the BAO items the rest of the receipt lacks (business, UID or tax
// number, Kassen-ID, Belegnummer, date and time), the signed cash share where a part went to the
// room, the storno/training designation and "Sicherheitseinrichtung ausgefallen". Read from the JWS.
import { RKSV_OUTAGE_LINE } from '../../../pms/fiscal-wire.ts';
import type { Purpose, RegisterRow } from './dep-store.ts';
import { rksvAmount, STORNO_MARK, TRAINING_MARK } from './rksv-core.ts';

export const TEST_UNIT_LINE =
  'TEST-Signatureinheit: kein gültiger Beleg / TEST signature unit: not a lawful receipt';
export const ROOM_CHARGE_LINE =
  'Auf das Zimmer gebucht, kein Barumsatz: nicht RKSV-signiert / Charged to the room: not a cash sale, not signed';

/** The title a special receipt prints and the admin page shows. */
export const TITLES: Record<Purpose, string | undefined> = {
  start: 'Startbeleg',
  sale: undefined,
  monthly: 'Monatsbeleg',
  yearly: 'Jahresbeleg',
  sammel: 'Sammelbeleg (Ende des Ausfalls / end of outage)',
  closing: 'Schlussbeleg',
  control: 'Nullbeleg',
};

export interface LineInput {
  register: RegisterRow;
  jws: string | null;
  signed: boolean;
  test: boolean;
  /** Of the sale's gross, what was paid at the till and signed, where a part went to the room. */
  split?: { signedCents: number; roomCents: number };
  title?: string;
}

/** The payload's fields of a JWS (1-12). */
export function payloadFields(jws: string): string[] {
  return Buffer.from(jws.split('.')[1] ?? '', 'base64url')
    .toString('utf8')
    .split('_');
}

const printedTime = (time: string) =>
  `${time.slice(8, 10)}.${time.slice(5, 7)}.${time.slice(0, 4)} ${time.slice(11)}`;

export function rksvReceiptLines(input: LineInput): string[] {
  const lines: string[] = [];
  if (input.test) lines.push(TEST_UNIT_LINE);
  if (input.title) lines.push(input.title);
  const b = input.register.business;
  lines.push(b.name, b.address);
  if (b.vatId) lines.push(`UID: ${b.vatId}`);
  else if (b.taxNumber) lines.push(`St.-Nr. / Tax no.: ${b.taxNumber}`);
  if (input.jws) {
    const fields = payloadFields(input.jws);
    lines.push(`Kassen-ID / Till ID: ${fields[2]}`);
    lines.push(`Beleg-Nr. / Receipt no.: ${fields[3]}`);
    lines.push(`Datum / Date: ${printedTime(fields[4] ?? '')}`);
    if (fields[10] === STORNO_MARK) lines.push('Stornobuchung / Cancellation');
    if (fields[10] === TRAINING_MARK) lines.push('Trainingsbuchung / Training');
  }
  if (input.split)
    lines.push(
      `Bar/Karte signiert / Cash/card signed: ${rksvAmount(input.split.signedCents)} EUR`,
      `Auf das Zimmer / To the room: ${rksvAmount(input.split.roomCents)} EUR (nicht signiert / not signed)`,
    );
  if (!input.signed) lines.push(RKSV_OUTAGE_LINE);
  return lines;
}
