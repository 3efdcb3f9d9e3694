// The fiscal block of a receipt on the tablet (docs/fiscal.md "The receipt's fiscal block"). Owns:
// reading the till server's fiscal answer from the sale's `ledger.record@1` step, fixing the block
// on the kept receipt once it is decided (the server's answer, or an outage when the tablet is cut
// off: a printed receipt never changes), whether this till signs at all and under which country's
// law (learnt from the server's answers: its outage says "TSE ausgefallen" in Germany,
// "Sicherheitseinrichtung ausgefallen" in Austria), and the block a copy shows ("signed later").
import { RECORD_IN_LEDGER, type RecordedInLedger } from '../../outbox/intents/ledger-record';
import { currentSteps } from '../../outbox/sale-state';
import { fetchServerSales } from '../../pms/device-calls';
import {
  type FiscalCountryCode,
  type FiscalReceipt,
  fiscalCountryOf,
  fiscalReceiptOf,
  RKSV_OUTAGE_LINE,
  SIGNED_LATER_LINE,
  TSE_OUTAGE_LINE,
} from '../../pms/fiscal-wire';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../storage/local';
import type { IntentRecord } from '../../storage/records';
import { settings } from '../device';

/** What the ledger step tells of the sale: not recorded yet, or recorded with or without a fiscal block. */
export type LedgerFiscal =
  | { recorded: false }
  | {
      recorded: true;
      seq: number;
      fiscal: FiscalReceipt | undefined;
      /** The hub's fiscal country, where its answer said. */
      country?: FiscalCountryCode;
    };

/** The fiscal answer of a sale's ledger step. */
export function ledgerFiscalOf(intents: readonly IntentRecord[]): LedgerFiscal {
  const step = currentSteps(intents).find((i) => i.name === RECORD_IN_LEDGER && i.state === 'done');
  if (!step) return { recorded: false };
  const result = step.result as RecordedInLedger | undefined;
  const country = fiscalCountryOf(result);
  return {
    recorded: true,
    seq: result?.seq ?? 0,
    fiscal: fiscalReceiptOf(result),
    ...(country ? { country } : {}),
  };
}

/** Whether the server signed the sales this tablet recorded lately (so an unanswered one is an outage). */
export function fiscalRequired(): boolean {
  return readLocal(LOCAL_KEYS.fiscalRequired) === true;
}

export function noteFiscalRequired(required: boolean): void {
  if (fiscalRequired() !== required) writeLocal(LOCAL_KEYS.fiscalRequired, required);
}

/** The hub's fiscal country as it last said; undefined before it said (an older server). */
export function fiscalCountry(): FiscalCountryCode | undefined {
  return fiscalCountryOf({ fiscalCountry: readLocal(LOCAL_KEYS.fiscalCountry) });
}

/**
 * Learns from a recorded sale's answer whether this till signs, and under which law: the country
 * the hub names (a room charge has no fiscal block, but the country stays); without one, whether
 * the answer had a block (the country kept as last said).
 */
export function noteLedgerAnswer(answer: { fiscal: FiscalReceipt | undefined; country?: FiscalCountryCode }) {
  if (!answer.country) {
    noteFiscalRequired(answer.fiscal !== undefined);
    return;
  }
  noteFiscalRequired(answer.country !== 'none');
  if (fiscalCountry() !== answer.country) writeLocal(LOCAL_KEYS.fiscalCountry, answer.country);
}

/**
 * The block of a receipt made while the tablet could not reach the server (or the server did not
 * answer in time): the outage line of `country`'s law (Germany where unknown) and the till's time,
 * no transaction number, no QR code.
 */
export function tabletOutage(
  createdAt: number,
  timeZone?: string,
  country: FiscalCountryCode | undefined = fiscalCountry(),
): FiscalReceipt {
  const time = new Intl.DateTimeFormat('de-DE', {
    ...(timeZone ? { timeZone } : {}),
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(createdAt));
  const iso = new Date(createdAt).toISOString();
  return {
    status: 'unsigned',
    lines: [country === 'AT' ? RKSV_OUTAGE_LINE : TSE_OUTAGE_LINE, `Zeit (Kasse) / Time (till): ${time}`],
    qrCode: null,
    outage: { recordedAt: iso, since: iso },
  };
}

/**
 * What a copy prints: the receipt's own block, unless it said the TSE was out and the sale is
 * signed now: then the signed data, first line "signed later".
 */
export function copyBlock(
  printed: FiscalReceipt | undefined,
  current: FiscalReceipt | undefined,
): FiscalReceipt | undefined {
  if (!printed) return current;
  if (printed.status === 'signed' || current?.status !== 'signed') return printed;
  const lines = current.lines.includes(SIGNED_LATER_LINE)
    ? current.lines
    : [
        ...current.lines.filter((line) => line.startsWith('TEST-')),
        SIGNED_LATER_LINE,
        ...current.lines.filter((line) => !line.startsWith('TEST-')),
      ];
  return { ...current, lines };
}

/**
 * The sale's fiscal block as the till server has it now (a sale signed late since its answer), or
 * undefined when the server cannot be asked.
 */
export async function serverFiscal(saleId: string, seq: number): Promise<FiscalReceipt | undefined> {
  if (seq < 1) return undefined;
  try {
    const { sales } = await fetchServerSales(settings().gatewayUrl, seq - 1, 1);
    const sale = sales.find((s) => s.saleId === saleId);
    return sale ? fiscalReceiptOf(sale) : undefined;
  } catch {
    return undefined;
  }
}
