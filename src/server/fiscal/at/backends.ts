// The two ways an Austrian receipt is made, behind one face for the register service: the local
// register (our builder, counter and chain from the DEP, the embedded test unit signing the JWS
// input; a unit that fails gives a "Sicherheitseinrichtung ausgefallen" receipt at once) and fiskaly
// SIGN AT (fiskaly keeps counter and chain; our request is stored and repeated under the same
// receipt UUID until fiskaly answers, and its echo is checked).
import { FiskalyError } from '../de/fiskaly-client.ts';
import type { AttemptRow, DepStore, Purpose } from './dep-store.ts';
import {
  type AtReceiptAnswer,
  type AtReceiptRequest,
  type FiskalyAtClient,
  fiskalyAmount,
} from './fiskaly-at-client.ts';
import { buildReceipt, type RegisterState } from './receipt-builder.ts';
import { BUCKETS, type BucketCents, jwsOf, jwsOfQr, type ReceiptKind, signingInputOf } from './rksv-core.ts';
import { type SignatureUnit, UnitError } from './test-unit.ts';

export interface Completed {
  receiptNumber: string;
  time: string;
  jws: string;
  signed: boolean;
  counterAfter: bigint | null;
}

export interface ReceiptOrder {
  purpose: Purpose;
  kind: ReceiptKind;
  amounts: BucketCents;
  saleId: string | null;
  time: string;
}

export interface RksvBackend {
  readonly mode: 'test-unit' | 'fiskaly';
  /** fiskaly makes the month, year and outage-end receipts itself. */
  readonly makesSpecialReceipts: boolean;
  /** The request of a new attempt (stored before the call). */
  prepare(order: ReceiptOrder, number: number): unknown;
  /** Makes the attempt's receipt; throws UnitError/FiskalyError when the unit cannot be reached. */
  complete(attempt: AttemptRow, deadline: number): Promise<Completed>;
  /** The attempt as a failed receipt (local), or null: it stays pending until the unit answers. */
  failed(attempt: AttemptRow): Completed | null;
  probe(): Promise<boolean>;
}

interface LocalRequest {
  receiptNumber: string;
  time: string;
  payload: string;
  counterAfter: string;
}

/** The local register: our builder, the state from the DEP's last receipt, a signature unit. */
export function localBackend(store: DepStore, unit: SignatureUnit, aesKey: () => Buffer): RksvBackend {
  const state = (): RegisterState => {
    const register = store.register()!;
    const last = store.lastReceipt();
    return {
      kassenId: register.kassenId,
      aesKey: aesKey(),
      counterBytes: register.counterBytes,
      zda: register.zda,
      counterCents: last?.counterAfter ?? 0n,
      lastJws: last?.jws ?? null,
    };
  };
  const done = (request: LocalRequest, jws: string, signed: boolean): Completed => ({
    receiptNumber: request.receiptNumber,
    time: request.time,
    jws,
    signed,
    counterAfter: BigInt(request.counterAfter),
  });
  return {
    mode: 'test-unit',
    makesSpecialReceipts: false,
    prepare(order, number) {
      const register = store.register()!;
      const receiptNumber = String(number);
      const built = buildReceipt(state(), {
        kind: order.kind,
        receiptNumber,
        time: order.time,
        amounts: order.amounts,
        certificateSerial: `${register.companyId}-${register.keyId}`,
      });
      return {
        receiptNumber,
        time: order.time,
        payload: built.payload,
        counterAfter: String(built.counterAfter),
      } satisfies LocalRequest;
    },
    async complete(attempt, deadline) {
      const request = (attempt.request as { wire: LocalRequest }).wire;
      const signature = await unit.sign(attempt.attemptId, signingInputOf(request.payload), deadline);
      return done(request, jwsOf(request.payload, signature), true);
    },
    failed(attempt) {
      const request = (attempt.request as { wire: LocalRequest }).wire;
      return done(request, jwsOf(request.payload, 'failed'), false);
    },
    probe: () => unit.probe(),
  };
}

const FISKALY_TYPES: Partial<Record<ReceiptKind, AtReceiptRequest['receipt_type']>> = {
  standard: 'NORMAL',
  zero: 'NORMAL',
  storno: 'CANCELLATION',
  training: 'TRAINING',
};

/** The raw amounts fiskaly signs, per the RKSV fields. */
export function rawOf(amounts: BucketCents): AtReceiptRequest['schema']['raw'] {
  return {
    gross_amount_standard: fiskalyAmount(amounts.normal),
    gross_amount_reduced_1: fiskalyAmount(amounts.reduced1),
    gross_amount_reduced_2: fiskalyAmount(amounts.reduced2),
    gross_amount_zero: fiskalyAmount(amounts.zero),
    gross_amount_special: fiskalyAmount(amounts.special),
  };
}

/** A fiskaly receipt answer as a DEP row's data; throws when its echo is not what we sent. */
export function completedOfFiskaly(
  answer: AtReceiptAnswer,
  sent: AtReceiptRequest,
  registerId: string,
  env?: string,
): Completed {
  if (answer.cash_register_id && answer.cash_register_id !== registerId)
    throw new FiskalyError(
      'refused',
      502,
      'E_ECHO',
      `fiskaly answered for register ${answer.cash_register_id}`,
    );
  if (env && answer._env && answer._env !== env)
    throw new FiskalyError('refused', 502, 'E_ECHO', `fiskaly answered from ${answer._env}, not ${env}`);
  const echoed = answer.schema?.raw;
  if (echoed)
    for (const [field, value] of Object.entries(sent.schema.raw))
      if (
        echoed[field as keyof typeof echoed] !== undefined &&
        Number(echoed[field as keyof typeof echoed]) !== Number(value)
      )
        throw new FiskalyError(
          'refused',
          502,
          'E_ECHO',
          `fiskaly signed ${field} ${echoed[field as keyof typeof echoed]}, not ${value}`,
        );
  const jws = jwsOfQr(answer.qr_code_data);
  const fields = answer.qr_code_data.split('_');
  return {
    receiptNumber: fields[3] ?? String(answer.receipt_number),
    time: fields[4] ?? '',
    jws,
    signed: answer.signed,
    counterAfter: null,
  };
}

/** fiskaly SIGN AT: the request is stored, and repeated under the same receipt id until answered. */
export function fiskalyBackend(store: DepStore, client: FiskalyAtClient, env?: string): RksvBackend {
  const registerId = () => store.register()!.fiskaly!.cashRegisterId;
  return {
    mode: 'fiskaly',
    makesSpecialReceipts: true,
    prepare(order) {
      const type = FISKALY_TYPES[order.kind];
      if (!type) throw new Error(`fiskaly makes ${order.kind} receipts itself`);
      return {
        receipt_type: type,
        schema: {
          raw: rawOf(
            order.kind === 'zero'
              ? { ...order.amounts, ...Object.fromEntries(BUCKETS.map((b) => [b, 0])) }
              : order.amounts,
          ),
        },
        metadata: { ...(order.saleId ? { sale_id: order.saleId } : {}), purpose: order.purpose },
      } satisfies AtReceiptRequest;
    },
    async complete(attempt, deadline) {
      const sent = (attempt.request as { wire: AtReceiptRequest }).wire;
      const answer = await client.signReceipt(registerId(), attempt.attemptId, sent, { deadline });
      return completedOfFiskaly(answer, sent, registerId(), env);
    },
    failed: () => null,
    async probe() {
      try {
        const register = await client.getRegister(registerId(), { deadline: Date.now() + 5000 });
        return register.state === 'INITIALIZED';
      } catch {
        return false;
      }
    },
  };
}

/** Whether an error means the unit could not be reached (an outage), not that it refused the data. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof UnitError) return error.kind !== 'refused';
  if (error instanceof FiskalyError) return error.kind === 'unreachable' || error.status === 423;
  return false;
}
