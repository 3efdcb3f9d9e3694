// The DSFinV-K closing files: master data (cashpointclosing, location, cashregister, slaves, pa,
// tse, vat) and the closing totals (businesscases, payment, cash_per_currency), summed from the
// closing's single records.
import type { DsfinvkClosing } from './closing.ts';
import { cents, closingKey, lineNetOf, type Row, sumBy, TAXONOMY_VERSION, whole } from './record-values.ts';

export function closingRecords(closing: DsfinvkClosing): Record<string, Row[]> {
  const key = closingKey(closing);
  const lineNet = lineNetOf(closing);
  const payments = closing.transactions.flatMap((tx) => tx.payments);
  // An order's items are sold by the receipt that pays the table: counted there, not twice (orders.ts).
  const allLines = closing.transactions
    .filter((tx) => tx.bonType !== 'AVBestellung')
    .flatMap((tx) => tx.lines);
  const txs = closing.transactions;
  const certificate = (tse: DsfinvkClosing['tse'][number], part: 0 | 1) =>
    tse.certificate.slice(part * 1000, part * 1000 + 1000);
  return {
    'cashpointclosing.csv': [
      {
        ...key,
        Z_BUCHUNGSTAG: closing.bookingDay,
        TAXONOMIE_VERSION: TAXONOMY_VERSION,
        Z_START_ID: txs[0]?.bonId,
        Z_ENDE_ID: txs.at(-1)?.bonId,
        NAME: closing.company.name,
        STRASSE: closing.company.street,
        PLZ: closing.company.postalCode,
        ORT: closing.company.city,
        LAND: closing.company.country,
        STNR: closing.company.taxNumber,
        USTID: closing.company.vatId,
        Z_SE_ZAHLUNGEN: cents(payments.reduce((sum, p) => sum + (p.baseAmountCents ?? p.amountCents), 0)),
        Z_SE_BARZAHLUNGEN: cents(
          payments
            .filter((p) => p.type === 'Bar')
            .reduce((sum, p) => sum + (p.baseAmountCents ?? p.amountCents), 0),
        ),
      },
    ],
    'location.csv': [
      {
        ...key,
        LOC_NAME: closing.location.name,
        LOC_STRASSE: closing.location.street,
        LOC_PLZ: closing.location.postalCode,
        LOC_ORT: closing.location.city,
        LOC_LAND: closing.location.country,
        LOC_USTID: closing.location.vatId,
      },
    ],
    'cashregister.csv': [
      {
        ...key,
        KASSE_BRAND: closing.cashRegister.brand,
        KASSE_MODELL: closing.cashRegister.model,
        KASSE_SERIENNR: closing.cashRegister.serial,
        KASSE_SW_BRAND: closing.cashRegister.softwareBrand,
        KASSE_SW_VERSION: closing.cashRegister.softwareVersion,
        KASSE_BASISWAEH_CODE: closing.cashRegister.baseCurrency ?? 'EUR',
        KEINE_UST_ZUORDNUNG: '',
      },
    ],
    'slaves.csv': closing.terminals.map((t) => ({
      ...key,
      TERMINAL_ID: t.id,
      TERMINAL_BRAND: t.brand,
      TERMINAL_MODELL: t.model,
      TERMINAL_SERIENNR: t.serial,
      TERMINAL_SW_BRAND: t.softwareBrand,
      TERMINAL_SW_VERSION: t.softwareVersion,
    })),
    'pa.csv': (closing.agencies ?? []).map((a) => ({
      ...key,
      AGENTUR_ID: whole(a.id),
      AGENTUR_NAME: a.name,
      AGENTUR_STRASSE: a.street,
      AGENTUR_PLZ: a.postalCode,
      AGENTUR_ORT: a.city,
      AGENTUR_LAND: a.country,
      AGENTUR_STNR: a.taxNumber,
      AGENTUR_USTID: a.vatId,
    })),
    'tse.csv': closing.tse.map((tse) => ({
      ...key,
      TSE_ID: whole(tse.id),
      TSE_SERIAL: tse.serial,
      TSE_SIG_ALGO: tse.algorithm,
      TSE_ZEITFORMAT: tse.timeFormat,
      TSE_PD_ENCODING: tse.encoding,
      TSE_PUBLIC_KEY: tse.publicKey,
      TSE_ZERTIFIKAT_I: certificate(tse, 0),
      TSE_ZERTIFIKAT_II: certificate(tse, 1),
    })),
    'vat.csv': closing.vatRates.map((vat) => ({
      ...key,
      UST_SCHLUESSEL: whole(vat.id),
      UST_SATZ: cents(vat.rateHundredths),
      UST_BESCHR: vat.description,
    })),
    'businesscases.csv': sumBy(
      allLines,
      (line) =>
        [line.businessCase ?? 'Umsatz', line.businessCaseName ?? '', line.agencyId ?? 0, line.vatId].join(
          '\u0000',
        ),
      (line) => [line.grossCents, lineNet(line)],
    ).map(({ first, totals: [gross = 0, net = 0] }) => ({
      ...key,
      GV_TYP: first.businessCase ?? 'Umsatz',
      GV_NAME: first.businessCaseName,
      AGENTUR_ID: whole(first.agencyId ?? 0),
      UST_SCHLUESSEL: whole(first.vatId),
      Z_UMS_BRUTTO: cents(gross),
      Z_UMS_NETTO: cents(net),
      Z_UST: cents(gross - net),
    })),
    'payment.csv': sumBy(
      payments,
      (p) => `${p.type}\u0000${p.name ?? ''}`,
      (p) => [p.baseAmountCents ?? p.amountCents],
    ).map(({ first, totals: [amount = 0] }) => ({
      ...key,
      ZAHLART_TYP: first.type,
      ZAHLART_NAME: first.name,
      Z_ZAHLART_BETRAG: cents(amount),
    })),
    'cash_per_currency.csv': sumBy(
      payments.filter((p) => p.type === 'Bar'),
      (p) => p.currency ?? 'EUR',
      (p) => [p.amountCents],
    ).map(({ first, totals: [amount = 0] }) => ({
      ...key,
      ZAHLART_WAEH: first.currency ?? 'EUR',
      ZAHLART_BETRAG_WAEH: cents(amount),
    })),
  };
}
