// The fiskaly SIGN AT client (docs/fiscal.md, "Austria", the subset the open integrations agree on):
// FinanzOnline authentication, configuration, the signature creation unit and the cash register life
// cycles, signing a receipt under a client-chosen UUID (a retry repeats the same PUT), reading
// receipts, FinanzOnline validation and the DEP7 export. Auth and retries are the SIGN DE client's.
import { type CallOptions, createFiskalyClient, type FiskalyClient } from '../de/fiskaly-client.ts';

export const FISKALY_AT_URL = 'https://rksv.fiskaly.com/api/v1';

export interface FiskalyAtAccount {
  url: string;
  apiKey: string;
  apiSecret: string;
}

export type AtReceiptType = 'NORMAL' | 'CANCELLATION' | 'TRAINING';

/** The `raw` schema: gross amounts per rate field, decimal strings with a point. */
export interface RawAmounts {
  gross_amount_standard: string;
  gross_amount_reduced_1: string;
  gross_amount_reduced_2: string;
  gross_amount_zero: string;
  gross_amount_special: string;
}

export interface AtReceiptRequest {
  receipt_type: AtReceiptType;
  schema: { raw: RawAmounts };
  metadata?: Record<string, string>;
}

export interface AtReceiptAnswer {
  _id: string;
  _type: 'RECEIPT';
  _env: 'TEST' | 'LIVE';
  receipt_type: string;
  receipt_number: number;
  time_signature: number;
  cash_register_id: string;
  cash_register_serial_number: string;
  signature_creation_unit_id?: string;
  qr_code_data: string;
  signed: boolean;
  schema?: { raw?: Partial<RawAmounts> };
  hints?: string[];
}

export interface AtCashRegister {
  _id: string;
  state: 'CREATED' | 'REGISTERED' | 'INITIALIZED' | 'DECOMMISSIONED' | 'OUTAGE' | 'DEFECTIVE';
  serial_number: string;
  initialization_receipt_id?: string;
  decommission_receipt_id?: string;
}

export interface AtScu {
  _id: string;
  state: 'PENDING' | 'CREATED' | 'INITIALIZED' | 'DECOMMISSIONED' | 'OUTAGE' | 'DEFECTIVE';
  certificate_serial_number?: string;
}

export interface FiskalyAtClient {
  readonly http: FiskalyClient;
  fonAuth(
    body: { fon_participant_id: string; fon_user_id: string; fon_user_pin: string },
    o?: CallOptions,
  ): Promise<{ authentication_status: string }>;
  configure(o?: CallOptions): Promise<unknown>;
  createScu(
    id: string,
    body: { legal_entity_id: { vat_id: string } | { tax_id: string }; legal_entity_name: string },
    o?: CallOptions,
  ): Promise<AtScu>;
  getScu(id: string, o?: CallOptions): Promise<AtScu>;
  setScuState(id: string, state: AtScu['state'], o?: CallOptions): Promise<AtScu>;
  createRegister(id: string, description: string, o?: CallOptions): Promise<AtCashRegister>;
  getRegister(id: string, o?: CallOptions): Promise<AtCashRegister>;
  setRegisterState(id: string, state: AtCashRegister['state'], o?: CallOptions): Promise<AtCashRegister>;
  signReceipt(
    register: string,
    receiptId: string,
    body: AtReceiptRequest,
    o?: CallOptions,
  ): Promise<AtReceiptAnswer>;
  getReceipt(register: string, receiptId: string, o?: CallOptions): Promise<AtReceiptAnswer>;
  validate(register: string, receiptId: string, o?: CallOptions): Promise<{ validation_result: string }>;
  exportDep(register: string, o?: CallOptions): Promise<unknown>;
}

export function createFiskalyAtClient(
  account: FiskalyAtAccount,
  fetch?: (request: Request) => Promise<Response>,
): FiskalyAtClient {
  const http = createFiskalyClient({
    baseUrl: account.url,
    apiKey: account.apiKey,
    apiSecret: account.apiSecret,
    authPath: '/auth',
    ...(fetch ? { fetch } : {}),
  });
  const id = encodeURIComponent;
  const register = (cr: string) => `/cash-register/${id(cr)}`;
  return {
    http,
    fonAuth: (body, o) => http.call('PUT', '/fon/auth', body, o),
    configure: (o) =>
      http.call(
        'PATCH',
        '/configuration',
        { monthly_receipt_validation_enabled: true, yearly_receipt_validation_enabled: true },
        o,
      ),
    createScu: (scu, body, o) =>
      http.call(
        'PUT',
        `/signature-creation-unit/${id(scu)}`,
        { ...body, metadata: { created_by: 'Hotel Till' } },
        o,
      ),
    getScu: (scu, o) => http.call('GET', `/signature-creation-unit/${id(scu)}`, undefined, o),
    setScuState: (scu, state, o) => http.call('PATCH', `/signature-creation-unit/${id(scu)}`, { state }, o),
    createRegister: (cr, description, o) =>
      http.call('PUT', register(cr), { description, metadata: { created_by: 'Hotel Till' } }, o),
    getRegister: (cr, o) => http.call('GET', register(cr), undefined, o),
    setRegisterState: (cr, state, o) => http.call('PATCH', register(cr), { state }, o),
    signReceipt: (cr, receipt, body, o) =>
      http.call('PUT', `${register(cr)}/receipt/${id(receipt)}`, body, o),
    getReceipt: (cr, receipt, o) => http.call('GET', `${register(cr)}/receipt/${id(receipt)}`, undefined, o),
    validate: (cr, receipt, o) =>
      http.call('POST', `${register(cr)}/receipt/${id(receipt)}/validation`, {}, o),
    exportDep: (cr, o) => http.call('GET', `${register(cr)}/export`, undefined, o),
  };
}

/** Cents as fiskaly's decimal string: `12.50`, `-3.05`. */
export function fiskalyAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
