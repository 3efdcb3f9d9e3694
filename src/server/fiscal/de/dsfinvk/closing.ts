// The plain input of a DSFinV-K export: one cash point closing (Z closing) with its master data and
// single records, in integer cents. The ledger maps its Z closings onto this (docs/fiscal.md,
// "DSFinV-K: the mapping we expect"); writer.ts turns it into the 20 CSV files and index.xml.

export interface DsfinvkAddress {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-3, e.g. DEU. */
  country: string;
  vatId?: string;
}

export interface DsfinvkLine {
  /** POS_ZEILE: the line's number or id within the transaction. */
  lineId: string;
  text: string;
  /** GV_TYP; default Umsatz. */
  businessCase?: string;
  businessCaseName?: string;
  /** INHAUS: consumed on the premises (a restaurant's 19 % line). */
  inHouse?: boolean;
  voided?: boolean;
  articleNumber?: string;
  groupId?: string;
  groupName?: string;
  /** MENGE, in thousandths (1 piece = 1000). */
  quantityThousandths: number;
  unit?: string;
  /** STK_BR: gross price of one unit, in cents. */
  unitGrossCents: number;
  /** DSFinV-K VAT id (UST_SCHLUESSEL), 1-7. */
  vatId: number;
  /** The line's gross, in cents (negative for a void). */
  grossCents: number;
  /** The line's net; default computed from the VAT rate. */
  netCents?: number;
  agencyId?: number;
}

export interface DsfinvkPayment {
  /** ZAHLART_TYP: Bar, Unbar, ECKarte, Kreditkarte, ElZahlungsdienstleister, GuthabenKarte, Keine. */
  type: string;
  name?: string;
  /** ISO 4217; default EUR. */
  currency?: string;
  amountCents: number;
  /** In the base currency when paid in another; default amountCents. */
  baseAmountCents?: number;
}

export interface DsfinvkReference {
  lineId?: string;
  /** REF_TYP: Transaktion (another BON_ID of this till) or ExterneRechnung, ExterneLieferung, ExterneSonstige. */
  type: 'Transaktion' | 'ExterneRechnung' | 'ExterneLieferung' | 'ExterneSonstige';
  name?: string;
  /** ISO time of the referenced document. */
  date?: string;
  closingCashRegisterId?: string;
  closingNumber?: number;
  bonId?: string;
}

export interface DsfinvkTseTransaction {
  tseId: number;
  txNumber: number;
  start: string;
  end: string;
  /** TSE_TA_VORGANGSART: Kassenbeleg-V1. */
  processType: string;
  signatureCounter: number;
  signature: string;
  processData: string;
  /** TSE_TA_FEHLER: why the TSE failed (an outage), also for a sale signed late. */
  error?: string;
}

export interface DsfinvkTransaction {
  bonId: string;
  bonNumber: number;
  /** BON_TYP: Beleg, AVTransfer, AVRechnung, AVBelegstorno, … */
  bonType: string;
  bonName?: string;
  terminalId: string;
  /** BON_STORNO: this receipt is voided. */
  voided?: boolean;
  start: string;
  end: string;
  operatorId?: string;
  operatorName?: string;
  customer?: { name?: string; id?: string; type?: string } & Partial<DsfinvkAddress>;
  note?: string;
  allocationGroup?: string;
  lines: DsfinvkLine[];
  payments: DsfinvkPayment[];
  references?: DsfinvkReference[];
  /** None when the TSE failed and the sale was never signed. */
  tse?: DsfinvkTseTransaction;
}

export interface DsfinvkTse {
  id: number;
  serial: string;
  algorithm: string;
  timeFormat: string;
  encoding: string;
  publicKey: string;
  /** base64; split over TSE_ZERTIFIKAT_I and _II (1,000 characters each). */
  certificate: string;
}

export interface DsfinvkClosing {
  /** Z_KASSE_ID. */
  cashRegisterId: string;
  /** Z_NR. */
  closingNumber: number;
  /** Z_ERSTELLUNG, ISO. */
  createdAt: string;
  /** Z_BUCHUNGSTAG when the booking day differs, YYYY-MM-DD. */
  bookingDay?: string;
  company: DsfinvkAddress & { taxNumber?: string };
  location: DsfinvkAddress;
  cashRegister: {
    brand: string;
    model: string;
    serial: string;
    softwareBrand: string;
    softwareVersion: string;
    baseCurrency?: string;
  };
  terminals: {
    id: string;
    brand: string;
    model: string;
    serial: string;
    softwareBrand: string;
    softwareVersion: string;
  }[];
  agencies?: {
    id: number;
    name: string;
    street: string;
    postalCode: string;
    city: string;
    country: string;
    taxNumber?: string;
    vatId?: string;
  }[];
  tse: DsfinvkTse[];
  /** UST_SCHLUESSEL -> rate in hundredths of a percent (1900 = 19 %) and a description. */
  vatRates: { id: number; rateHundredths: number; description: string }[];
  transactions: DsfinvkTransaction[];
}
