// The test TSE: the SIGN DE v2 subset the till uses (docs/fiscal.md), as a Hono app on its own
// SQLite file. Auth with expiring tokens; the TSS life cycle with admin PUK and PIN (each locked
// after 5 failures); clients; transactions with revisions, where an identical repeat returns the
// stored answer; signed TR-03151 log messages (ECDSA P-256, counters in SQLite); exports as a TAR.
// In test mode, faults can be injected (faults.ts). Its TSS description and certificate say TEST-TSE.
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { exportRoutes } from './export-routes.ts';
import { createFaults, type TseFaults } from './faults.ts';
import { createTseContext, jsonBody, renderTseError, TseError } from './tse-context.ts';
import { type LogMessageRow, openTseDb } from './tse-db.ts';
import { tssRoutes } from './tss-routes.ts';
import { txRoutes } from './tx-routes.ts';

export { TEST_TSE_VERSION } from './tse-context.ts';
export { MAX_ADMIN_FAILURES } from './tss-routes.ts';

export interface TestTseOptions {
  /** SQLite file; ':memory:' in tests. */
  dbFile: string;
  /** The API key and secret it accepts. */
  apiKey: string;
  apiSecret: string;
  /** Allows fault injection (faults.ts, and `/__faults`). */
  testMode?: boolean;
  /** How long an access token lasts; default 24 h (fiskaly's figure). */
  tokenSeconds?: number;
  /** The TSE's clock; tests pin it. */
  now?: () => Date;
}

export interface TestTse {
  app: Hono;
  fetch: (request: Request) => Promise<Response>;
  faults: TseFaults;
  /** The signed log messages of a TSS, in counter order (tests). */
  logMessages(tssId: string): LogMessageRow[];
  close(): void;
}

export function createTestTse(options: TestTseOptions): TestTse {
  const db = openTseDb(options.dbFile);
  const now = options.now ?? (() => new Date());
  const ctx = createTseContext(db, now);
  const { seconds } = ctx;
  const tokenSeconds = options.tokenSeconds ?? 24 * 3600;
  const faults = createFaults(options.testMode ?? false);
  /** access and refresh tokens: token -> expiry (unix s). In memory: a restart asks for a new auth. */
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Map<string, number>();

  const app = new Hono();
  renderTseError(app);

  if (options.testMode) {
    app.post('/__faults', async (c) => {
      faults.inject(await c.req.json());
      return c.json({ ok: true });
    });
    app.delete('/__faults', (c) => {
      faults.clear();
      return c.json({ ok: true });
    });
  }

  app.use('/api/v2/*', async (_c, next) => {
    const fault = await faults.take();
    if (fault) throw new TseError(fault.status, fault.code, fault.message, fault.retryAfterSeconds);
    await next();
  });

  app.post('/api/v2/auth', async (c) => {
    const body = await jsonBody(c);
    const refresh = typeof body.refresh_token === 'string' ? body.refresh_token : null;
    if (refresh) {
      const expiry = refreshTokens.get(refresh);
      if (!expiry || expiry < seconds()) throw new TseError(401, 'E_UNAUTHORIZED', 'refresh token expired');
      refreshTokens.delete(refresh);
    } else if (body.api_key !== options.apiKey || body.api_secret !== options.apiSecret) {
      throw new TseError(401, 'E_UNAUTHORIZED', 'wrong api_key or api_secret');
    }
    const access = randomBytes(24).toString('base64url');
    const next = randomBytes(24).toString('base64url');
    const at = seconds();
    accessTokens.set(access, at + tokenSeconds);
    refreshTokens.set(next, at + 2 * tokenSeconds);
    return c.json({
      access_token: access,
      access_token_claims: { env: 'TEST', organization_id: '00000000-0000-4000-8000-000000000000' },
      access_token_expires_in: tokenSeconds,
      access_token_expires_at: at + tokenSeconds,
      refresh_token: next,
      refresh_token_expires_in: 2 * tokenSeconds,
      refresh_token_expires_at: at + 2 * tokenSeconds,
    });
  });

  // Everything else needs a token.
  app.use('/api/v2/tss/*', async (c, next) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const expiry = token ? accessTokens.get(token) : undefined;
    if (!expiry || expiry < seconds()) throw new TseError(401, 'E_UNAUTHORIZED', 'no valid access token');
    await next();
  });

  app.route('/', tssRoutes(ctx));
  app.route('/', txRoutes(ctx));
  app.route('/', exportRoutes(ctx));

  const fetch = (request: Request) => Promise.resolve(app.fetch(request));
  return {
    app,
    fetch,
    faults,
    logMessages: (tssId) => ctx.listLogs.all(tssId, 1, Number.MAX_SAFE_INTEGER),
    close: () => {
      faults.clear();
      db.close();
    },
  };
}
