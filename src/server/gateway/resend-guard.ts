// Answers a browser's silent resend of a write (same `x-till-request-id`, same device) with the answer
// its first send got, instead of forwarding the write to the PMS a second time; a resend during the
// first send waits for its answer, one whose first send never left the gateway is forwarded. Keeps the
// answers bounded in time, count and bytes, per device too.
// why and the limits: docs/outbox.md, "Below the till: the browser's own silent retry".

import { knownBody, withKnownBody } from '../../node-http/known-bodies.ts';
import { REQUEST_ID_PATTERN } from '../../pms/http.ts';

/** Marks an answer given again to a resend, for tests and logs. */
export const REPLAYED_HEADER = 'x-till-replayed';

/** Status the gateway answers when the tablet left before its request was forwarded. */
export const TABLET_GONE_STATUS = 499;
/** Answers that carry no body, whatever was sent. */
export const BODYLESS_STATUSES = new Set([204, 205, 304]);

interface RecordedAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer> | null;
}

interface Entry {
  owner: string;
  /** Body bytes of the recorded answer (0 while under way). */
  bytes: number;
  /** Resolves with the answer, or undefined when the first send never left the gateway. */
  answer: Promise<RecordedAnswer | undefined>;
  /** When the answer arrived; undefined while the first send is under way. */
  answeredAt?: number;
}

export interface ResendGuardOptions {
  /** How long an answer is kept for resends. Default 10 minutes. */
  keepMs?: number;
  /** Most answers kept; the oldest go first. Default 10,000. */
  maxEntries?: number;
  /** Most body bytes kept, all owners together. Default 32 MiB. */
  maxBytes?: number;
  /** Most body bytes one owner's answers may hold. Default 4 MiB. */
  maxBytesPerOwner?: number;
  now?: () => number;
}

export interface ResendGuard {
  /**
   * Forwards a write once per request id: the first send calls `forward`, a resend gets the same
   * answer. Without a (valid) id, simply forwards.
   */
  answer(requestId: string | null, forward: () => Promise<Response>, owner?: string): Promise<Response>;
  /**
   * Whether `owner`'s write `requestId` was forwarded and its answer is kept: a resend of it will be
   * answered from memory and never reach the PMS (the approval checks let such a resend through).
   */
  hasAnswered(requestId: string | null, owner?: string): boolean;
  /** Resends answered from memory so far. */
  readonly resendsAnswered: number;
  /** Answers (or sends under way) currently remembered. */
  readonly remembered: number;
  /** Body bytes of the remembered answers. */
  readonly rememberedBytes: number;
}

export function createResendGuard(options: ResendGuardOptions = {}): ResendGuard {
  const keepMs = options.keepMs ?? 10 * 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxBytesPerOwner = options.maxBytesPerOwner ?? 4 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  const ownerBytes = new Map<string, number>();
  let totalBytes = 0;
  let resendsAnswered = 0;

  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    if (entry.bytes === 0) return;
    totalBytes -= entry.bytes;
    const left = (ownerBytes.get(entry.owner) ?? 0) - entry.bytes;
    if (left > 0) ownerBytes.set(entry.owner, left);
    else ownerBytes.delete(entry.owner);
  };

  const forget = () => {
    const cutoff = now() - keepMs;
    // Map order is arrival order: look at the oldest until one may stay.
    for (const [key, entry] of entries) {
      const expired = entry.answeredAt !== undefined && entry.answeredAt < cutoff;
      if (!expired && entries.size <= maxEntries && totalBytes <= maxBytes) break;
      drop(key, entry);
    }
  };

  /** Drops the owner's oldest answers until it holds no more than its share. */
  const trimOwner = (owner: string) => {
    for (const [key, entry] of entries) {
      if ((ownerBytes.get(owner) ?? 0) <= maxBytesPerOwner) return;
      if (entry.owner === owner && entry.answeredAt !== undefined) drop(key, entry);
    }
  };

  const send = async (key: string, owner: string, forward: () => Promise<Response>): Promise<Response> => {
    let settle!: (answer: RecordedAnswer | undefined) => void;
    const entry: Entry = { owner, bytes: 0, answer: new Promise((resolve) => (settle = resolve)) };
    entries.set(key, entry);
    forget();
    let response: Response;
    try {
      response = await forward();
    } catch (error) {
      entries.delete(key);
      settle(undefined);
      throw error;
    }
    if (response.status === TABLET_GONE_STATUS) {
      entries.delete(key);
      settle(undefined);
      return response;
    }
    const recorded: RecordedAnswer = {
      status: response.status,
      headers: [...response.headers],
      body: BODYLESS_STATUSES.has(response.status)
        ? null
        : (knownBody(response) ?? new Uint8Array(await response.arrayBuffer())),
    };
    entry.answeredAt = now();
    settle(recorded);
    if (entries.get(key) === entry) {
      entry.bytes = recorded.body?.byteLength ?? 0;
      totalBytes += entry.bytes;
      ownerBytes.set(owner, (ownerBytes.get(owner) ?? 0) + entry.bytes);
      trimOwner(owner);
      forget();
    }
    return toResponse(recorded, false);
  };

  return {
    hasAnswered(requestId, owner = '') {
      if (!requestId || !REQUEST_ID_PATTERN.test(requestId)) return false;
      forget();
      return entries.get(`${owner}\n${requestId}`)?.answeredAt !== undefined;
    },
    async answer(requestId, forward, owner = '') {
      if (!requestId || !REQUEST_ID_PATTERN.test(requestId)) return forward();
      forget();
      const key = `${owner}\n${requestId}`;
      const earlier = entries.get(key);
      if (earlier) {
        const recorded = await earlier.answer;
        if (recorded) {
          resendsAnswered += 1;
          return toResponse(recorded, true);
        }
      }
      return send(key, owner, forward);
    },
    get resendsAnswered() {
      return resendsAnswered;
    },
    get remembered() {
      return entries.size;
    },
    get rememberedBytes() {
      return totalBytes;
    },
  };
}

function toResponse(recorded: RecordedAnswer, replayed: boolean): Response {
  const headers = new Headers(recorded.headers);
  if (replayed) headers.set(REPLAYED_HEADER, '1');
  // a Uint8Array body is written straight to the socket by @hono/node-server; an ArrayBuffer is
  // streamed. Known (node-http/known-bodies.ts), so the compression of large answers need not read it back.
  if (recorded.body === null) return new Response(null, { status: recorded.status, headers });
  const body = recorded.body.slice();
  return withKnownBody(new Response(body, { status: recorded.status, headers }), body);
}
