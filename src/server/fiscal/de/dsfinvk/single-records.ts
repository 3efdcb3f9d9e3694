// The DSFinV-K single records: transactions (Bonkopf) with their payments, lines, item amounts,
// TSE data, VAT and references, one row per ledger record.
import type { DsfinvkClosing, DsfinvkTransaction } from './closing.ts';
import { cents, closingKey, flag, lineNetOf, type Row, sumBy, time, whole } from './record-values.ts';

export function singleRecords(closing: DsfinvkClosing): Record<string, Row[]> {
  const key = closingKey(closing);
  const lineNet = lineNetOf(closing);
  const txGross = (tx: DsfinvkTransaction) => tx.lines.reduce((sum, line) => sum + line.grossCents, 0);
  const txs = closing.transactions;
  return {
    'transactions.csv': txs.map((tx) => ({
      ...key,
      BON_ID: tx.bonId,
      BON_NR: whole(tx.bonNumber),
      BON_TYP: tx.bonType,
      BON_NAME: tx.bonName,
      TERMINAL_ID: tx.terminalId,
      BON_STORNO: flag(tx.voided),
      BON_START: time(tx.start),
      BON_ENDE: time(tx.end),
      BEDIENER_ID: tx.operatorId,
      BEDIENER_NAME: tx.operatorName,
      UMS_BRUTTO: cents(txGross(tx)),
      KUNDE_NAME: tx.customer?.name,
      KUNDE_ID: tx.customer?.id,
      KUNDE_TYP: tx.customer?.type,
      KUNDE_STRASSE: tx.customer?.street,
      KUNDE_PLZ: tx.customer?.postalCode,
      KUNDE_ORT: tx.customer?.city,
      KUNDE_LAND: tx.customer?.country,
      KUNDE_USTID: tx.customer?.vatId,
      BON_NOTIZ: tx.note,
    })),
    'datapayment.csv': txs.flatMap((tx) =>
      sumBy(
        tx.payments,
        (p) => `${p.type}\u0000${p.name ?? ''}\u0000${p.currency ?? 'EUR'}`,
        (p) => [p.amountCents, p.baseAmountCents ?? p.amountCents],
      ).map(({ first, totals: [amount = 0, base = 0] }) => ({
        ...key,
        BON_ID: tx.bonId,
        ZAHLART_TYP: first.type,
        ZAHLART_NAME: first.name,
        ZAHLWAEH_CODE: first.currency ?? 'EUR',
        ZAHLWAEH_BETRAG: cents(amount),
        BASISWAEH_BETRAG: cents(base),
      })),
    ),
    'lines.csv': txs.flatMap((tx) =>
      tx.lines.map((line) => ({
        ...key,
        BON_ID: tx.bonId,
        POS_ZEILE: line.lineId,
        GUTSCHEIN_NR: undefined,
        ARTIKELTEXT: line.text,
        POS_TERMINAL_ID: tx.terminalId,
        GV_TYP: line.businessCase ?? 'Umsatz',
        GV_NAME: line.businessCaseName,
        INHAUS: flag(line.inHouse),
        P_STORNO: flag(line.voided),
        AGENTUR_ID: whole(line.agencyId ?? 0),
        ART_NR: line.articleNumber,
        GTIN: undefined,
        WARENGR_ID: line.groupId,
        WARENGR: line.groupName,
        MENGE: { units: line.quantityThousandths, scale: 3 },
        FAKTOR: { units: 1000, scale: 3 },
        EINHEIT: line.unit,
        STK_BR: cents(line.unitGrossCents),
      })),
    ),
    'itemamounts.csv': txs.flatMap((tx) =>
      tx.lines.map((line) => {
        const net = lineNet(line);
        return {
          ...key,
          BON_ID: tx.bonId,
          POS_ZEILE: line.lineId,
          TYP: 'base_amount',
          UST_SCHLUESSEL: whole(line.vatId),
          PF_BRUTTO: cents(line.grossCents),
          PF_NETTO: cents(net),
          PF_UST: cents(line.grossCents - net),
        };
      }),
    ),
    'subitems.csv': [],
    'transactions_tse.csv': txs
      .filter((tx) => tx.tse)
      .map((tx) => ({
        ...key,
        BON_ID: tx.bonId,
        TSE_ID: whole(tx.tse!.tseId),
        TSE_TANR: whole(tx.tse!.txNumber),
        TSE_TA_START: time(tx.tse!.start),
        TSE_TA_ENDE: time(tx.tse!.end),
        TSE_TA_VORGANGSART: tx.tse!.processType,
        TSE_TA_SIGZ: whole(tx.tse!.signatureCounter),
        TSE_TA_SIG: tx.tse!.signature,
        TSE_TA_FEHLER: tx.tse!.error,
        TSE_VORGANGSDATEN: tx.tse!.processData,
      })),
    'transactions_vat.csv': txs.flatMap((tx) =>
      sumBy(
        tx.lines,
        (line) => String(line.vatId),
        (line) => [line.grossCents, lineNet(line)],
      ).map(({ first, totals: [gross = 0, net = 0] }) => ({
        ...key,
        BON_ID: tx.bonId,
        UST_SCHLUESSEL: whole(first.vatId),
        BON_BRUTTO: cents(gross),
        BON_NETTO: cents(net),
        BON_UST: cents(gross - net),
      })),
    ),
    'lines_vat.csv': txs.flatMap((tx) =>
      tx.lines.map((line) => {
        const net = lineNet(line);
        return {
          ...key,
          BON_ID: tx.bonId,
          POS_ZEILE: line.lineId,
          UST_SCHLUESSEL: whole(line.vatId),
          POS_BRUTTO: cents(line.grossCents),
          POS_NETTO: cents(net),
          POS_UST: cents(line.grossCents - net),
        };
      }),
    ),
    'allocation_groups.csv': txs
      .filter((tx) => tx.allocationGroup)
      .map((tx) => ({ ...key, BON_ID: tx.bonId, ABRECHNUNGSKREIS: tx.allocationGroup })),
    'references.csv': txs.flatMap((tx) =>
      (tx.references ?? []).map((ref) => ({
        ...key,
        BON_ID: tx.bonId,
        POS_ZEILE: ref.lineId,
        REF_TYP: ref.type,
        REF_NAME: ref.name,
        REF_DATUM: ref.date ? time(ref.date) : undefined,
        REF_Z_KASSE_ID: ref.closingCashRegisterId,
        REF_Z_NR: ref.closingNumber === undefined ? undefined : whole(ref.closingNumber),
        REF_BON_ID: ref.bonId,
      })),
    ),
  };
}
