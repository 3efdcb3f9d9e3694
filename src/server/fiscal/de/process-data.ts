// The receipt data of a SIGN DE v2 transaction (`schema.standard_v1.receipt`) and the DSFinV-K
// processData string a TSE signs for it (`Beleg^4.20_3.50_0.00_0.00_0.00^7.70:Bar`). Owns the
// mapping of receipt_type to BON_TYP and of vat_rate to the five DSFinV-K VAT slots (ids 1-5).

export const VAT_RATES = ['NORMAL', 'REDUCED_1', 'SPECIAL_RATE_1', 'SPECIAL_RATE_2', 'NULL'] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const PAYMENT_TYPES = ['CASH', 'NON_CASH'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** fiskaly receipt_type -> DSFinV-K BON_TYP. */
export const BON_TYP = {
  RECEIPT: 'Beleg',
  TRANSFER: 'AVTransfer',
  INVOICE: 'AVRechnung',
  ANNULATION: 'AVBelegstorno',
  CANCELLATION: 'AVBelegabbruch',
  ABORT: 'AVBelegabbruch',
  OTHER: 'AVSonstige',
  TRAINING: 'AVTraining',
  ORDER: 'AVBestellung',
  BENEFIT_IN_KIND: 'AVSachbezug',
} as const;
export type ReceiptType = keyof typeof BON_TYP;

export interface StandardReceipt {
  receipt_type: ReceiptType;
  amounts_per_vat_rate: { vat_rate: VatRate; amount: string }[];
  amounts_per_payment_type: { payment_type: PaymentType; amount: string; currency_code?: string }[];
}

/** Cents as fiskaly's amount string: two decimals and a dot ("-3.50"). */
export function amountString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An amount string as cents; throws on anything but digits with up to two decimals. */
export function amountCents(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new Error(`not an amount: ${amount}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** The processData string of a receipt (DSFinV-K Anhang I). */
export function processDataOf(receipt: StandardReceipt): string {
  const slots = [0, 0, 0, 0, 0];
  for (const { vat_rate, amount } of receipt.amounts_per_vat_rate) {
    const slot = VAT_RATES.indexOf(vat_rate);
    if (slot < 0) throw new Error(`unknown vat_rate ${vat_rate}`);
    slots[slot]! += amountCents(amount);
  }
  const payments = receipt.amounts_per_payment_type.map(({ payment_type, amount, currency_code }) => {
    const kind = payment_type === 'CASH' ? 'Bar' : 'Unbar';
    const currency = currency_code && currency_code !== 'EUR' ? `:${currency_code}` : '';
    return `${amountString(amountCents(amount))}:${kind}${currency}`;
  });
  return `${BON_TYP[receipt.receipt_type]}^${slots.map(amountString).join('_')}^${payments.join('_')}`;
}
