// The till server's kitchen endpoints (issue 31, item 6), under `/till/kitchen`, for paired kitchen
// screens of their own outlet only: the kitchen's cards (GET /cards, and the live channel GET /live,
// server-sent events of the whole view), and bumping a card done (POST /bumps, stored once by its
// `bumpId`). Owns their wire shapes (valibot, checked on both sides); docs/tables.md, "Kitchen screen".
import * as v from 'valibot';
import type { KitchenCard } from '../shared/kitchen-cards.ts';
import { callTillServer, type DeviceFetch } from './device-calls.ts';
import { newRequestId, REQUEST_ID_HEADER } from './till-headers.ts';

const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[A-Za-z0-9_.:-]+$/));
const Int = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));

/** A cook's "Done": its own id (made on the kitchen screen), the card, and when it was tapped. */
export const BumpRequestSchema = v.object({
  bumpId: Id,
  roundId: Id,
  course: Int(0, 9),
  /** The kitchen screen's clock when tapped (ms). */
  at: Int(0, 8_640_000_000_000_000),
});
export type BumpRequest = v.InferOutput<typeof BumpRequestSchema>;

export interface BumpAnswer {
  bumpId: string;
  /** The same bump was stored before (an outbox resending): nothing changed. */
  duplicate: boolean;
  /** The card was bumped before by another bump (a second kitchen screen): stored, nothing changed. */
  alreadyDone: boolean;
  revision: number;
}

/** A card as the kitchen gets it: the table's name as the plan or tab names it. */
export interface KitchenViewCard extends KitchenCard {
  tableName: string;
  /** A bar tab's (not the plan's) table. */
  tab: boolean;
  courseName: string;
}

/** GET /till/kitchen/cards and each event of GET /till/kitchen/live. */
export interface KitchenView {
  revision: number;
  /** The server's clock (ms) when it made the view: ages are reckoned on it. */
  serverNow: number;
  /** Cards not bumped, oldest first. */
  open: KitchenViewCard[];
  /** The last cards bumped, newest first (to call one back to mind). */
  done: KitchenViewCard[];
}

export function isKitchenView(value: unknown): value is KitchenView {
  const view = value as Partial<KitchenView> | null;
  return (
    typeof view === 'object' &&
    view !== null &&
    typeof view.revision === 'number' &&
    typeof view.serverNow === 'number' &&
    Array.isArray(view.open) &&
    Array.isArray(view.done)
  );
}

/** The kitchen's cards now. */
export async function readKitchen(fetcher: DeviceFetch, baseUrl: string): Promise<KitchenView> {
  const body = await callTillServer(fetcher, `${baseUrl}/till/kitchen/cards`, {
    method: 'GET',
    headers: { [REQUEST_ID_HEADER]: newRequestId() },
  });
  if (!isKitchenView(body)) throw new Error('the till server did not describe the kitchen');
  return body;
}

/** Sends one bump (the kitchen's outbox; a resend is answered `duplicate`). */
export async function postBump(
  fetcher: DeviceFetch,
  baseUrl: string,
  bump: BumpRequest,
): Promise<BumpAnswer> {
  return (await callTillServer(fetcher, `${baseUrl}/till/kitchen/bumps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: newRequestId() },
    body: JSON.stringify(bump),
  })) as BumpAnswer;
}
