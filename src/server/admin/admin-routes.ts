// The admin page at `/admin` (admin-access.ts says who may use it): pairing codes, devices, staff, outlet
// rules, receipt headers, outlets and day closing (closing-admin-routes.ts), the audit log, the gateway's
// state and the fiscal screens (fiscal-routes.ts). Owns the sign-in (admin key, or a manager's name and
// admin password, never a PIN; wrong tries limited by hub/wrong-tries.ts) and 401 without a session;
// every change goes to the audit log. Details: docs/operations.md, "The admin page: who signs in".
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { ApiError } from '../../node-http/errors.ts';
import { requestHeader } from '../../node-http/headers.ts';
import { TABLET_AUDIT_KINDS } from '../../pms/staff-calls.ts';
import type { CardTerminals } from '../card-terminal/index.ts';
import { TERMINAL_WORDS, terminalSection } from '../card-terminal/terminal-admin.ts';
import { readTerminalForm, TerminalError } from '../card-terminal/terminals.ts';
import type { CommodityGroup } from '../catalogue/index.ts';
import { hotelDate } from '../clock/hotel-clock.ts';
import type { GatewayStatus } from '../gateway/gateway.ts';
import { clientAddress, hostName, httpsOrigin, LOOPBACK_NAMES } from '../http/hosts.ts';
import { TimeZoneError } from '../hub/hotel-zone.ts';
import { HubError, sameSecret } from '../hub/hub.ts';
import { ReceiptHeaderError } from '../hub/receipt-header.ts';
import { DEFAULT_TRY_LIMIT } from '../hub/wrong-tries.ts';
import type { LedgerPrinting } from '../printing/ledger-printing.ts';
import { createPrinterAdminRoutes } from '../printing/printer-admin.ts';
import { printerAttentionSection } from '../printing/printer-admin-page.ts';
import type { PrinterDouble } from '../printing/printer-double.ts';
import type { Printing } from '../printing/printing.ts';
import { SLIP_CSS } from '../printing/slip-picture.ts';
import { type AuditFilter, auditCsv, SERVER_AUDIT_KINDS } from '../staff/audit-log.ts';
import { parseMoneyField } from '../staff/money-field.ts';
import { StaffError } from '../staff/staff-registry.ts';
import { FLOOR_PLAN_CSS } from '../tables/floor-plan-page.ts';
import { FLOOR_PLAN_WORDS } from '../tables/floor-plan-words.ts';
import { MODIFIER_WORDS } from '../tables/modifier-words.ts';
import {
  type AdminAccessOptions,
  adminCookieName,
  isAdmin,
  isServerMachine,
  sameOriginPost,
} from './admin-access.ts';
import {
  ADMIN_CSS,
  auditPage,
  dashboard,
  page,
  pairingCode,
  receiptHeaderSection,
  type SignInProblem,
  signInForm,
  staffSections,
  timeZoneSection,
} from './admin-page.ts';
import { adminWords } from './admin-words.ts';
import { createClosingAdminRoutes } from './closing-admin-routes.ts';
import { CLOSING_CSS, outletsSection } from './closing-page.ts';
import { createFiscalAdminRoutes, type FiscalAdminOptions } from './fiscal-routes.ts';
import { FISCAL_WORDS } from './fiscal-words.ts';
import { setOutletLimits } from './limits-form.ts';
import { createMonitoringAdminRoutes, MONITORING_WORDS } from './monitoring-admin.ts';
import { OUTLET_GROUPS_CSS } from './outlet-groups-form.ts';

/**
 * Wrong admin sign-ins: 10 per address, 100 overall per 10 minutes; an address without a wrong try
 * of its own still gets one, so guessers elsewhere cannot lock a manager on a tablet out.
 */
const ADMIN_TRY_LIMIT = { ...DEFAULT_TRY_LIMIT, overallSparesCleanAddresses: true };

export interface AdminOptions extends AdminAccessOptions {
  /** The admin key (data folder's admin-key.json); null: only the server machine itself gets in. */
  adminKey: string | null;
  gatewayStatus: () => GatewayStatus;
  /** Where tablets open the till (e.g. https://192.168.1.20:8443), for a code opened on localhost. */
  tabletOrigin: string;
  /** The HTTPS port, for pairing addresses on the host the page was opened on. */
  httpsPort: number | null;
  /** The fiscal country and driver; without, no fiscal screens. */
  fiscal?: Pick<FiscalAdminOptions, 'fiscal' | 'closings'>;
  /** Card terminals (card-terminal/): their section and forms. */
  cards?: CardTerminals;
  /** The server's printers and print queue (printing/), shown at /admin/printers. */
  printing?: Printing;
  /** X and Z slips from the ledger at an outlet's receipt printer (printing/ledger-printing.ts). */
  ledgerPrinting?: LedgerPrinting;
  /** The demo's printer double, whose slips the printer page shows. */
  printerDouble?: PrinterDouble;
  /** The hotel's commodity groups (the server's copy of the PMS catalogue), to choose an outlet's by name. */
  groups?: () => Promise<CommodityGroup[]>;
}

export function createAdminRoutes(options: AdminOptions): Hono {
  const { hub } = options;
  const admin = new Hono();
  const words = (c: Context) => adminWords(requestHeader(c, 'accept-language'));
  const noStore = (c: Context) => c.header('cache-control', 'no-store');

  admin.get('/admin.css', (c) => {
    c.header('content-type', 'text/css; charset=utf-8');
    return c.body(ADMIN_CSS + OUTLET_GROUPS_CSS + CLOSING_CSS + SLIP_CSS + FLOOR_PLAN_CSS);
  });
  admin.use('*', sameOriginPost);

  /** Who is using the page, for the audit log: the manager signed in, or how they got in. */
  const actor = (c: Context) => {
    const staffId = hub.adminSessionStaff(getCookie(c, adminCookieName(hub)));
    const member = staffId ? hub.staff.member(staffId) : undefined;
    return member
      ? { staffId: member.id, staffName: member.name }
      : { staffId: null, staffName: getCookie(c, adminCookieName(hub)) ? 'admin key' : 'server machine' };
  };
  const staffData = async (problem?: string) => ({
    groups: (await options.groups?.()) ?? [],
    staff: hub.staff.list(),
    policies: hub.outlets
      .list()
      .map((outlet) => ({ ...hub.staff.policy(outlet.id), limits: hub.ledger.limits.of(outlet.id) })),
    outlets: hub.outlets.list(),
    failedPins: hub.audit.failedPinsByDevice(),
    hasManager: hub.staff.hasManager(),
    problem,
  });
  const terminalHtml = (c: Context, problem?: string) => {
    if (!options.cards) return '';
    const { lang } = words(c);
    return terminalSection(TERMINAL_WORDS[lang === 'de' ? 'de' : 'en'], {
      terminals: options.cards.terminals.list(),
      devices: hub.listDevices(),
      outlets: hub.outlets.list(),
      ...(problem ? { problem } : {}),
    });
  };
  const showDashboard = async (
    c: Context,
    problem?: string,
    status: 200 | 400 | 404 | 409 = 200,
    terminalProblem?: string,
  ) => {
    const { lang, words: w } = words(c);
    const outlets = hub.outlets.list();
    const printers = options.printing ? printerAttentionSection(lang, options.printing) : '';
    const fiscalLink = options.fiscal
      ? html`<section><h2><a href="/admin/fiscal">${FISCAL_WORDS[lang].fiscalLink}</a></h2></section>`
      : '';
    const monitoringLink = html`<section><h2><a href="/admin/monitoring">${MONITORING_WORDS[lang].link}</a></h2></section>`;
    const modifiersLink = html`<section><h2><a href="/admin/tables/floor">${FLOOR_PLAN_WORDS[lang].title}</a></h2><h2><a href="/admin/tables/modifiers">${MODIFIER_WORDS[lang].title}</a></h2></section>`;
    const headers = {
      stored: hub.receiptHeaders.stored,
      withoutVatId: hub.receiptHeaders.outletsWithoutVatId(),
    };
    const body = html`${printers}${dashboard(w, hub.listDevices(), options.gatewayStatus(), outlets)}${fiscalLink}${monitoringLink}${modifiersLink}${staffSections(w, await staffData(problem))}${receiptHeaderSection(w, headers, outlets)}${timeZoneSection(w, hub.timeZone)}${outletsSection(w, outlets, lang)}${terminalHtml(c, terminalProblem)}`;
    return c.html(page(lang, w, body, true), status);
  };
  const signInPage = (c: Context, problem: SignInProblem) => {
    const { lang, words: w } = words(c);
    return c.html(page(lang, w, signInForm(w, problem), false), 401);
  };

  admin.get('/', (c) => {
    noStore(c);
    if (!isAdmin(c, options)) return signInPage(c, null);
    return showDashboard(c);
  });

  admin.post('/login', async (c) => {
    const form = await c.req.parseBody();
    const address = clientAddress(c, options.trustProxy);
    const startSession = (staffId: string | null) => {
      setCookie(c, adminCookieName(hub), hub.createAdminSession(staffId), {
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
        path: '/admin',
      });
      return c.redirect('/admin', 303);
    };
    // Counted before the slow check, so parallel requests cannot outrun the limit; the server
    // machine itself is never limited (it needs no sign-in anyway).
    const attempt = isServerMachine(c, options.trustProxy)
      ? { allowed: true as const, right: () => undefined }
      : hub.tries.begin('admin_sign_in', address, ADMIN_TRY_LIMIT);
    const byManager = typeof form.name === 'string';
    const who = byManager ? String(form.name).slice(0, 60) : 'admin key';
    if (!attempt.allowed) {
      hub.audit.appendCounted({ kind: 'admin_sign_in_refused', staffName: who, note: address }, address);
      c.header('retry-after', String(Math.ceil(attempt.retryAfterMs / 1000)));
      const { lang, words: w } = words(c);
      return c.html(page(lang, w, signInForm(w, 'tooManyTries'), false), 429);
    }
    if (byManager) {
      const member = await hub.staff.signInWithPassword(form.name, form.password);
      if (!member) {
        hub.audit.appendCounted({ kind: 'admin_sign_in_failed', staffName: who, note: address }, address);
        return signInPage(c, 'wrongPassword');
      }
      attempt.right();
      hub.audit.append({ kind: 'admin_sign_in', staffId: member.id, staffName: member.name, note: address });
      return startSession(member.id);
    }
    const key = typeof form.key === 'string' ? form.key : '';
    if (!options.adminKey || !sameSecret(key, options.adminKey)) {
      hub.audit.appendCounted({ kind: 'admin_sign_in_failed', staffName: who, note: address }, address);
      return signInPage(c, 'wrongKey');
    }
    attempt.right();
    hub.audit.append({ kind: 'admin_sign_in', staffName: 'admin key', note: address });
    return startSession(null);
  });

  admin.post('/logout', (c) => {
    hub.endAdminSession(getCookie(c, adminCookieName(hub)));
    deleteCookie(c, adminCookieName(hub), { path: '/admin', secure: true });
    return c.redirect('/admin', 303);
  });

  // Everything below needs an admin.
  admin.use('*', async (c, next) => {
    if (!isAdmin(c, options))
      throw new ApiError(401, 'sign in to the admin page first', undefined, 'admin_only');
    noStore(c);
    await next();
  });

  admin.get('/gateway-status', (c) => c.json(options.gatewayStatus()));
  admin.route(
    '/',
    createClosingAdminRoutes({
      hub,
      words,
      actor,
      ...(options.ledgerPrinting && options.printing
        ? { reports: { printing: options.printing, fromLedger: options.ledgerPrinting } }
        : {}),
    }),
  );

  if (options.printing) {
    admin.route(
      '/printers',
      createPrinterAdminRoutes({
        printing: options.printing,
        ...(options.printerDouble ? { printerDouble: options.printerDouble } : {}),
        frame: (c, body, status = 200) => {
          const { lang, words: w } = words(c);
          return c.html(page(lang, w, body, true), status);
        },
        actor,
        audit: (entry) => hub.audit.append(entry),
      }),
    );
  }

  admin.route(
    '/monitoring',
    createMonitoringAdminRoutes({
      hub,
      lang: (c) => words(c).lang,
      frame: (c, body) => {
        const { lang, words: w } = words(c);
        return c.html(page(lang, w, body, true));
      },
      actor,
    }),
  );
  if (options.fiscal) admin.route('/fiscal', createFiscalAdminRoutes({ hub, ...options.fiscal, actor }));

  admin.post('/pairing-codes', async (c) => {
    const form = await c.req.parseBody();
    const outlet = hub.outlets.get(String(form.outlet ?? ''));
    if (!outlet) throw new ApiError(400, 'choose an outlet', 'outlet');
    const { lang, words: w } = words(c);
    try {
      const name = String(form.name ?? '');
      const role = form.role === 'kitchen' ? 'kitchen' : 'till';
      const created = hub.createPairingCode({ outlet: outlet.id, name, role });
      const pairUrl = `${pairingOrigin(c, options)}/pair?code=${created.code}`;
      const shownName = name.trim() || outlet.name;
      return c.html(
        page(lang, w, pairingCode(w, { ...created, outlet: outlet.id, name: shownName, pairUrl }), true),
      );
    } catch (error) {
      if (error instanceof HubError) throw new ApiError(400, error.message, error.field, error.code);
      throw error;
    }
  });

  admin.post('/devices/:id/revoke', (c) => {
    if (!hub.revokeDevice(c.req.param('id'), actor(c)))
      throw new ApiError(404, 'no such paired device', 'id');
    return c.redirect('/admin', 303);
  });

  /** Runs a staff change; a refusal shows the dashboard again with the reason, nothing changed. */
  const staffChange = async (c: Context, change: () => Promise<unknown> | unknown) => {
    try {
      await change();
      return c.redirect('/admin#staff', 303);
    } catch (error) {
      if (!(error instanceof StaffError)) throw error;
      return showDashboard(c, error.message, error.status === 403 ? 400 : error.status);
    }
  };

  admin.post('/staff', async (c) => {
    const form = await c.req.parseBody();
    return staffChange(c, async () => {
      const member = await hub.staff.add({ name: form.name, role: form.role, pin: form.pin });
      hub.audit.append({
        kind: 'staff_added',
        ...actor(c),
        subject: member.id,
        note: `${member.name} (${member.role})`,
      });
    });
  });

  admin.post('/staff/:id/:change{disable|enable}', (c) =>
    staffChange(c, () => {
      const disable = c.req.param('change') === 'disable';
      const member = hub.staff.setDisabled(c.req.param('id'), disable);
      hub.audit.append({
        kind: disable ? 'staff_disabled' : 'staff_enabled',
        ...actor(c),
        subject: member.id,
        note: member.name,
      });
    }),
  );

  admin.post('/staff/:id/pin', async (c) => {
    const form = await c.req.parseBody();
    return staffChange(c, async () => {
      const member = await hub.staff.resetPin(c.req.param('id'), form.pin);
      hub.audit.append({ kind: 'staff_pin_reset', ...actor(c), subject: member.id, note: member.name });
    });
  });

  admin.post('/staff/:id/password', async (c) => {
    const form = await c.req.parseBody();
    return staffChange(c, async () => {
      const member = await hub.staff.setAdminPassword(c.req.param('id'), form.password);
      hub.audit.append({ kind: 'admin_password_set', ...actor(c), subject: member.id, note: member.name });
    });
  });

  admin.post('/policies/:outlet', async (c) => {
    const form = await c.req.parseBody({ all: true });
    return staffChange(c, async () => {
      const outlet = c.req.param('outlet');
      const openPrice = parseMoneyField(form.openPriceLimit, 'openPriceLimit');
      const groupsSold = [form.groupsSold ?? []]
        .flat()
        .flatMap((value) => String(value).split(/[\s,;]+/))
        .filter(Boolean)
        .map((id) => (/^\d{1,9}$/.test(id) ? Number(id) : Number.NaN));
      const defaultGroup =
        String(form.defaultGroup ?? '').trim() === '' ? undefined : Number(form.defaultGroup);
      checkGroupsKnown((await options.groups?.()) ?? [], hub.staff.policy(outlet), groupsSold, defaultGroup);
      const policy = hub.staff.setPolicy(outlet, {
        openPriceLimitCents: openPrice,
        discountLimitPercent: Number(String(form.discountLimitPercent ?? '').replace(',', '.')),
        idleLockMinutes: Number(form.idleLockMinutes),
        lockAfterSale: form.lockAfterSale === '1',
        quickReasons: String(form.quickReasons ?? '').split(/\r?\n/),
        groupsSold,
        defaultGroup,
      });
      hub.audit.append({
        kind: 'policy_changed',
        ...actor(c),
        subject: outlet,
        note: JSON.stringify(policy),
      });
    });
  });

  // An outlet's limits on one record without a manager's over_limit approval (ledger/bounds.ts).
  admin.post('/limits/:outlet', async (c) => {
    const outlet = c.req.param('outlet');
    if (!hub.outlets.get(outlet)) throw new ApiError(404, 'no such outlet', 'outlet');
    const form = await c.req.parseBody();
    return staffChange(c, () => {
      const limits = setOutletLimits(hub.ledger.limits, outlet, form);
      hub.audit.append({
        kind: 'policy_changed',
        ...actor(c),
        subject: outlet,
        note: `limits ${JSON.stringify(limits)}`,
      });
    });
  });

  admin.post('/terminals', async (c) => {
    if (!options.cards) throw new ApiError(404, 'no such endpoint');
    const form = await c.req.parseBody();
    try {
      const terminal = options.cards.terminals.add(
        readTerminalForm(
          form,
          hub.outlets.list().map((outlet) => outlet.id),
        ),
      );
      hub.audit.append({
        kind: 'terminal_added',
        ...actor(c),
        subject: terminal.id,
        note: `${terminal.name} ${terminal.host}:${terminal.port}`,
      });
      return c.redirect('/admin#terminals', 303);
    } catch (error) {
      if (!(error instanceof TerminalError)) throw error;
      return showDashboard(c, undefined, 400, `${error.field}: ${error.message}`);
    }
  });

  admin.post('/terminals/:id/remove', (c) => {
    if (!options.cards?.terminals.remove(c.req.param('id')))
      throw new ApiError(404, 'no such card terminal', 'id');
    hub.audit.append({ kind: 'terminal_removed', ...actor(c), subject: c.req.param('id') });
    return c.redirect('/admin#terminals', 303);
  });

  admin.post('/receipt-header/:scope', async (c) => {
    const form = await c.req.parseBody();
    const scope = c.req.param('scope');
    try {
      if (!hub.receiptHeaders.isScope(scope)) throw new ReceiptHeaderError('unknown outlet', 'scope');
      const header = hub.receiptHeaders.set(scope, form);
      hub.audit.append({
        kind: 'receipt_header_changed',
        ...actor(c),
        subject: scope,
        note: JSON.stringify(header),
      });
      return c.redirect('/admin#receipt-header', 303);
    } catch (error) {
      if (!(error instanceof ReceiptHeaderError)) throw error;
      return showDashboard(c, `${error.field}: ${error.message}`, 400);
    }
  });

  admin.post('/time-zone', async (c) => {
    const form = await c.req.parseBody();
    try {
      const zone = hub.timeZone.set(form.timeZone);
      hub.audit.append({ kind: 'time_zone_changed', ...actor(c), subject: zone });
      return c.redirect('/admin#time-zone', 303);
    } catch (error) {
      if (!(error instanceof TimeZoneError)) throw error;
      return showDashboard(c, `${error.field}: ${error.message}`, 400);
    }
  });

  const auditFilter = (c: Context): AuditFilter => {
    const text = (name: string) => c.req.query(name)?.trim().slice(0, 60) || undefined;
    const date = (name: string) => {
      const value = text(name);
      return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
    };
    return {
      kind: text('kind'),
      staff: text('staff'),
      device: text('device'),
      from: date('from'),
      to: date('to'),
    };
  };

  admin.get('/audit', (c) => {
    const { lang, words: w } = words(c);
    const filter = auditFilter(c);
    const kinds = [...TABLET_AUDIT_KINDS, ...SERVER_AUDIT_KINDS];
    return c.html(page(lang, w, auditPage(w, hub.audit.list(filter), filter, kinds), true));
  });

  admin.get('/audit.csv', (c) => {
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="hotel-till-audit-${hotelDate(new Date())}.csv"`);
    return c.body(auditCsv(hub.audit.list({ ...auditFilter(c), limit: 100_000 })));
  });

  return admin;
}

/** The origin a tablet pairs at: this page's host over HTTPS, or the LAN address when opened on localhost. */
function pairingOrigin(c: Context, options: AdminOptions): string {
  const host = hostName(requestHeader(c, 'host'));
  if (!host || LOOPBACK_NAMES.includes(host)) return options.tabletOrigin;
  return httpsOrigin(host, options.httpsPort);
}

/**
 * Refuses a group the hotel's catalogue does not have (once its groups are known), unless the
 * outlet already had it (a group the PMS dropped does not block saving the outlet's other rules).
 * @throws StaffError 400 naming `groupsSold` or `defaultGroup`
 */
function checkGroupsKnown(
  known: readonly CommodityGroup[],
  before: { groupsSold?: number[]; defaultGroup?: number },
  groupsSold: readonly number[],
  defaultGroup: number | undefined,
): void {
  if (known.length === 0) return;
  const allowed = new Set([...known.map((group) => group.id), ...(before.groupsSold ?? [])]);
  const unknown = groupsSold.find((id) => Number.isInteger(id) && !allowed.has(id));
  if (unknown !== undefined)
    throw new StaffError(400, 'group_unknown', `the PMS has no commodity group ${unknown}`, 'groupsSold');
  if (defaultGroup !== undefined && Number.isInteger(defaultGroup) && !allowed.has(defaultGroup))
    throw new StaffError(
      400,
      'group_unknown',
      `the PMS has no commodity group ${defaultGroup}`,
      'defaultGroup',
    );
}
