// The fiskaly SIGN DE v2 client (the subset in docs/fiscal.md), for a real account or the embedded
// test TSE (through `fetch`). Owns auth (a token fetched on first use, refreshed before it expires
// and again on a 401) and the error rules: no retry of a 4xx except 429 and 499; a 5xx, a timeout
// or a lost connection is retried with backoff, honouring Retry-After, until the call's deadline.
import type { StandardReceipt } from './process-data.ts';

export interface FiskalyOptions {
  /** e.g. https://kassensichv-middleware.fiskaly.com; the embedded test TSE uses http://test-tse.invalid. */
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  fetch?: (request: Request) => Promise<Response>;
  /** Where the token comes from, below baseUrl; default /api/v2/auth (SIGN AT: /auth). */
  authPath?: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Why a call failed: the TSE refused it (a 4xx it will repeat), or could not be reached in time. */
export class FiskalyError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable',
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'FiskalyError';
  }
}

export interface TxAnswer {
  _id: string;
  number: number;
  state: 'ACTIVE' | 'FINISHED' | 'CANCELLED';
  time_start: number;
  time_end?: number;
  client_id: string;
  client_serial_number: string;
  tss_serial_number: string;
  revision: number;
  latest_revision: number;
  signature: { value: string; algorithm: string; counter: number | string; public_key: string };
  log: { operation: string; timestamp: number; timestamp_format: string };
  qr_code_data?: string;
  schema?: { standard_v1?: { receipt?: StandardReceipt } };
}

export interface TssAnswer {
  _id: string;
  state: string;
  serial_number: string;
  public_key: string;
  certificate: string;
  signature_algorithm: string;
  signature_counter?: string;
  admin_puk?: string;
  description?: string;
  /** The BSI certification of the TSE, for the tax office notice. */
  bsi_certification_id?: string;
}

export interface CallOptions {
  /** Absolute time (ms) after which the call gives up as unreachable. Default: 30 s from now. */
  deadline?: number;
}

const FIRST_BACKOFF_MS = 100;
/** Refresh the token this long before it expires. */
const TOKEN_MARGIN_MS = 60_000;

export interface FiskalyClient {
  readonly baseUrl: string;
  call<T>(method: string, path: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** The raw bytes of a GET (export files). */
  download(path: string, options?: CallOptions): Promise<Uint8Array>;
  createTss(tssId: string, options?: CallOptions): Promise<TssAnswer>;
  getTss(tssId: string, options?: CallOptions): Promise<TssAnswer>;
  setTssState(tssId: string, state: string, options?: CallOptions): Promise<TssAnswer>;
  changeAdminPin(tssId: string, puk: string, newPin: string, options?: CallOptions): Promise<void>;
  adminAuth(tssId: string, pin: string, options?: CallOptions): Promise<void>;
  adminLogout(tssId: string, options?: CallOptions): Promise<void>;
  createClient(tssId: string, clientId: string, serial: string, options?: CallOptions): Promise<unknown>;
  /** REGISTERED or DEREGISTERED (admin authentication first); a deregistered client signs nothing. */
  setClientState(tssId: string, clientId: string, state: string, options?: CallOptions): Promise<unknown>;
  upsertTx(
    tssId: string,
    txId: string,
    revision: number,
    body: unknown,
    options?: CallOptions,
  ): Promise<TxAnswer>;
  getTx(tssId: string, txId: string, options?: CallOptions): Promise<TxAnswer>;
}

export function createFiskalyClient(options: FiskalyOptions): FiskalyClient {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const base = options.baseUrl.replace(/\/+$/, '');
  let token: { access: string; refresh?: string; expiresAt: number } | null = null;
  let authenticating: Promise<void> | null = null;

  /** One HTTP exchange, raced against the deadline (an in-process fetch cannot be aborted). */
  async function exchange(request: Request, deadline: number): Promise<Response> {
    const left = deadline - now();
    if (left <= 0)
      throw new FiskalyError('unreachable', 0, 'E_DEADLINE', 'no answer within the time allowed');
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new FiskalyError('unreachable', 0, 'E_DEADLINE', 'no answer within the time allowed'));
      }, left);
    });
    try {
      return await Promise.race([send(new Request(request, { signal: abort.signal })), timeout]);
    } catch (error) {
      if (error instanceof FiskalyError) throw error;
      throw new FiskalyError(
        'unreachable',
        0,
        'E_NETWORK',
        `the TSE cannot be reached: ${(error as Error).message}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends with retries per the error rules until the deadline; returns a 2xx answer or throws. */
  async function withRetries(
    make: () => Promise<Request>,
    deadline: number,
    reauth = true,
  ): Promise<Response> {
    let backoff = FIRST_BACKOFF_MS;
    let reauthed = !reauth;
    for (;;) {
      let answer: Response;
      try {
        answer = await exchange(await make(), deadline);
      } catch (error) {
        if (!(error instanceof FiskalyError) || error.code === 'E_DEADLINE') throw error;
        if (now() + backoff >= deadline) throw error;
        await sleep(backoff);
        backoff *= 2;
        continue;
      }
      if (answer.ok) return answer;
      const detail = (await answer.json().catch(() => ({}))) as { code?: string; message?: string };
      const code = detail.code ?? `HTTP_${answer.status}`;
      const message = detail.message ?? answer.statusText;
      if (answer.status === 401 && !reauthed && token) {
        token = null; // expired or the TSE restarted: authenticate again, once
        reauthed = true;
        continue;
      }
      const retryable = answer.status >= 500 || answer.status === 429 || answer.status === 499;
      if (!retryable) throw new FiskalyError('refused', answer.status, code, message);
      const retryAfter = Number(answer.headers.get('retry-after'));
      const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : backoff;
      if (now() + wait >= deadline) throw new FiskalyError('unreachable', answer.status, code, message);
      await sleep(wait);
      backoff *= 2;
    }
  }

  async function authenticate(deadline: number): Promise<void> {
    const body = token?.refresh
      ? { refresh_token: token.refresh }
      : { api_key: options.apiKey, api_secret: options.apiSecret };
    const post = (payload: unknown) => async () =>
      new Request(`${base}${options.authPath ?? '/api/v2/auth'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    let answer: Response;
    try {
      answer = await withRetries(post(body), deadline, false);
    } catch (error) {
      if (!('refresh_token' in body) || !(error instanceof FiskalyError) || error.kind !== 'refused')
        throw error;
      answer = await withRetries(
        post({ api_key: options.apiKey, api_secret: options.apiSecret }),
        deadline,
        false,
      );
    }
    const auth = (await answer.json()) as {
      access_token: string;
      refresh_token?: string;
      access_token_expires_in?: number;
    };
    token = {
      access: auth.access_token,
      ...(auth.refresh_token ? { refresh: auth.refresh_token } : {}),
      expiresAt: now() + (auth.access_token_expires_in ?? 3600) * 1000,
    };
  }

  async function bearer(deadline: number): Promise<string> {
    if (!token || token.expiresAt - TOKEN_MARGIN_MS < now()) {
      authenticating ??= authenticate(deadline).finally(() => {
        authenticating = null;
      });
      await authenticating;
    }
    return token!.access;
  }

  const request = async (method: string, path: string, body: unknown, callOptions: CallOptions) => {
    const deadline = callOptions.deadline ?? now() + 30_000;
    // A 401 from the admin PIN or PUK endpoints is a wrong PIN or PUK, not an expired token: never
    // repeat it (each repeat would count as another failed try towards the lock).
    const adminSecret = /\/admin(\/auth)?$/.test(path);
    return withRetries(
      async () => {
        const access = await bearer(deadline);
        return new Request(`${base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${access}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      },
      deadline,
      !adminSecret,
    );
  };

  const call = async <T>(method: string, path: string, body?: unknown, callOptions: CallOptions = {}) =>
    (await (await request(method, path, body, callOptions)).json()) as T;
  const tss = (tssId: string) => `/api/v2/tss/${encodeURIComponent(tssId)}`;

  return {
    baseUrl: base,
    call,
    download: async (path, callOptions = {}) =>
      new Uint8Array(await (await request('GET', path, undefined, callOptions)).arrayBuffer()),
    createTss: (tssId, o) => call('PUT', tss(tssId), { metadata: { created_by: 'Hotel Till' } }, o),
    getTss: (tssId, o) => call('GET', tss(tssId), undefined, o),
    setTssState: (tssId, state, o) => call('PATCH', tss(tssId), { state }, o),
    changeAdminPin: async (tssId, puk, newPin, o) => {
      await call('PATCH', `${tss(tssId)}/admin`, { admin_puk: puk, new_admin_pin: newPin }, o);
    },
    adminAuth: async (tssId, pin, o) => {
      await call('POST', `${tss(tssId)}/admin/auth`, { admin_pin: pin }, o);
    },
    adminLogout: async (tssId, o) => {
      await call('POST', `${tss(tssId)}/admin/logout`, {}, o);
    },
    createClient: (tssId, clientId, serial, o) =>
      call('PUT', `${tss(tssId)}/client/${encodeURIComponent(clientId)}`, { serial_number: serial }, o),
    setClientState: (tssId, clientId, state, o) =>
      call('PATCH', `${tss(tssId)}/client/${encodeURIComponent(clientId)}`, { state }, o),
    upsertTx: (tssId, txId, revision, body, o) =>
      call('PUT', `${tss(tssId)}/tx/${encodeURIComponent(txId)}?tx_revision=${revision}`, body, o),
    getTx: (tssId, txId, o) => call('GET', `${tss(tssId)}/tx/${encodeURIComponent(txId)}`, undefined, o),
  };
}
