// Builds a register's next RKSV receipt from its state (docs/fiscal.md, "Austria"): the counter
// moves on standard and storno receipts (not training), the field shows the encrypted counter or
// STO/TRA, the chain hashes the previous JWS (the Kassen-ID first); start and zero receipts carry no
// amounts. Pure: the caller stores the state (at/dep-store.ts) and gets the signature.
import {
  BUCKETS,
  type BucketCents,
  chainValue,
  encryptCounter,
  NO_AMOUNTS,
  payloadOf,
  type ReceiptKind,
  STORNO_MARK,
  TRAINING_MARK,
} from './rksv-core.ts';

export interface RegisterState {
  kassenId: string;
  aesKey: Buffer;
  /** The counter's length in bytes, fixed per DEP (5 to 8). */
  counterBytes: number;
  zda: string;
  /** The turnover counter in cents after the last receipt. */
  counterCents: bigint;
  /** The previous receipt's JWS; null before the Startbeleg. */
  lastJws: string | null;
}

export interface ReceiptRequest {
  kind: ReceiptKind;
  receiptNumber: string;
  time: string;
  amounts: BucketCents;
  certificateSerial: string;
}

export interface BuiltReceipt {
  payload: string;
  counterAfter: bigint;
}

export const totalCents = (amounts: BucketCents) => BUCKETS.reduce((sum, bucket) => sum + amounts[bucket], 0);

/** The payload of the next receipt and the counter after it. */
export function buildReceipt(state: RegisterState, request: ReceiptRequest): BuiltReceipt {
  const zeroKind = request.kind === 'start' || request.kind === 'zero';
  if (zeroKind && BUCKETS.some((bucket) => request.amounts[bucket] !== 0))
    throw new RangeError(`a ${request.kind} receipt has no amounts`);
  if (request.kind === 'start' && state.lastJws !== null) throw new RangeError('the Startbeleg comes first');
  if (request.kind !== 'start' && state.lastJws === null) throw new RangeError('the Startbeleg comes first');
  const amounts = zeroKind ? NO_AMOUNTS : request.amounts;
  const counterAfter =
    request.kind === 'training' ? state.counterCents : state.counterCents + BigInt(totalCents(amounts));
  const counter =
    request.kind === 'storno'
      ? STORNO_MARK
      : request.kind === 'training'
        ? TRAINING_MARK
        : encryptCounter(
            state.aesKey,
            state.kassenId,
            request.receiptNumber,
            counterAfter,
            state.counterBytes,
          );
  const payload = payloadOf({
    zda: state.zda,
    kassenId: state.kassenId,
    receiptNumber: request.receiptNumber,
    time: request.time,
    amounts,
    counter,
    certificateSerial: request.certificateSerial,
    chain: chainValue(state.lastJws ?? state.kassenId),
  });
  return { payload, counterAfter };
}

/** The state after a receipt was signed (or failed) with this JWS. */
export const advance = (state: RegisterState, built: BuiltReceipt, jws: string): RegisterState => ({
  ...state,
  counterCents: built.counterAfter,
  lastJws: jws,
});
