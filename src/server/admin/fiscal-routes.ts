// The fiscal admin screens under `/admin/fiscal` (managers and hotel IT only: mounted behind the
// admin page's sign-in check): the fiscal country, the TSE set-up with the PUK shown once, the ELSTER
// data and start of use, a late-signing run, and the TSE and DSFinV-K export downloads. Every change
// goes to the audit log with who made it.
import { type Context, Hono } from 'hono';
import { ApiError } from '../../node-http/errors.ts';
import { requestHeader } from '../../node-http/headers.ts';
import { hotelDate } from '../clock/hotel-clock.ts';
import type { DsfinvkClosing } from '../fiscal/de/dsfinvk/closing.ts';
import { writeDsfinvkExport } from '../fiscal/de/dsfinvk/writer.ts';
import { DECOMMISSIONING_REASONS, type DecommissioningReason } from '../fiscal/de/fiscal-store.ts';
import { FiskalyError } from '../fiscal/de/fiskaly-client.ts';
import { DecommissionRefusedError, type GermanFiscal } from '../fiscal/de/germany.ts';
import { type FiscalBusiness, type FiscalControl, FiscalLockedError } from '../fiscal/fiscal-control.ts';
import { FISCAL_COUNTRIES, type FiscalCountry } from '../fiscal/fiscal-driver.ts';
import { TEST_TSE_THROUGH_SEQ } from '../fiscal-switch.ts';
import type { Hub } from '../hub/hub.ts';
import { isCalendarDate } from '../ledger/closing/business-day.ts';
import { page } from './admin-page.ts';
import { adminWords } from './admin-words.ts';
import { type AtPageExtra, atFiscalSections } from './at-fiscal-page.ts';
import { createAtFiscalRoutes } from './at-fiscal-routes.ts';
import { AT_FISCAL_WORDS } from './at-fiscal-words.ts';
import { fiscalPage } from './fiscal-page.ts';
import { FISCAL_WORDS } from './fiscal-words.ts';

export interface FiscalAdminOptions {
  hub: Hub;
  fiscal: FiscalControl;
  /** Who is acting, for the audit log (admin-routes.ts). */
  actor: (c: Context) => { staffId: string | null; staffName: string };
  /** The ledger's Z closings from..to as DSFinV-K input; absent until the ledger exists. */
  closings?: (fromZ: number, toZ: number, certificate: string) => DsfinvkClosing[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function createFiscalAdminRoutes(options: FiscalAdminOptions): Hono {
  const { hub, fiscal } = options;
  const routes = new Hono();
  const show = (
    c: Context,
    extra: { puk?: string; problem?: string; atKey?: AtPageExtra['key']; atProblem?: string } = {},
    status: 200 | 400 | 409 = 200,
  ) => {
    const { lang, words } = adminWords(requestHeader(c, 'accept-language'));
    const german = fiscal.german();
    const austria = fiscal.austria();
    const { atKey, atProblem, ...german_extra } = extra;
    const business = fiscal.business();
    const body = fiscalPage(FISCAL_WORDS[lang], {
      country: fiscal.country(),
      usesFiskaly: fiscal.usesFiskaly,
      elster: german?.elster(),
      outages: german?.store.outages() ?? [],
      waiting: german?.store.waiting().length ?? 0,
      refused: (german?.store.refusedSales() ?? []).map((row) => ({
        saleId: row.saleId,
        recordedAt: row.recordedAt,
        reason: row.refused ?? '',
      })),
      suggestedSerial: `HOTEL-TILL ${hub.serverId.slice(0, 8).toUpperCase()}`,
      today: hotelDate(new Date()),
      business,
      decommissioned: german?.decommissioned(),
      ...german_extra,
      ...(austria
        ? {
            austria: atFiscalSections(AT_FISCAL_WORDS[lang], austria, {
              ...(atKey ? { key: atKey } : {}),
              ...(atProblem ? { problem: atProblem } : {}),
              suggestedKassenId: `HOTEL-TILL-${hub.serverId.slice(0, 8).toUpperCase()}`,
              business: {
                name: business.name,
                address: [business.street, `${business.postalCode} ${business.city}`.trim()]
                  .filter(Boolean)
                  .join(', '),
                ...(business.vatId ? { vatId: business.vatId } : {}),
                ...(business.taxNumber ? { taxNumber: business.taxNumber } : {}),
              },
              usesFiskaly: fiscal.usesFiskalyAt,
            }),
          }
        : {}),
    });
    return c.html(page(lang, words, body, true), status);
  };
  const germanOrRefuse = (): GermanFiscal => {
    const german = fiscal.german();
    if (!german)
      throw new ApiError(409, 'choose Germany as the fiscal country first', 'country', 'fiscal_country');
    return german;
  };

  routes.get('/', (c) => show(c));
  routes.route('/at', createAtFiscalRoutes({ hub, fiscal, actor: options.actor, show }));

  routes.post('/country', async (c) => {
    const form = await c.req.parseBody();
    const country = String(form.country ?? '') as FiscalCountry;
    if (!FISCAL_COUNTRIES.includes(country)) throw new ApiError(400, 'choose none, DE or AT', 'country');
    try {
      fiscal.setCountry(country);
    } catch (error) {
      if (!(error instanceof FiscalLockedError)) throw error;
      hub.audit.append({
        kind: 'approval_refused',
        ...options.actor(c),
        subject: `fiscal country ${country}`,
        note: error.message,
      });
      throw new ApiError(409, error.message, 'country', 'fiscal_signing_locked');
    }
    hub.audit.append({ kind: 'fiscal_country_changed', ...options.actor(c), subject: country });
    return c.redirect('/admin/fiscal', 303);
  });

  routes.post('/setup', async (c) => {
    const german = germanOrRefuse();
    const form = await c.req.parseBody();
    const serial = String(form.tillSerial ?? '').trim();
    const startOfUse = String(form.startOfUse ?? '').trim();
    if (startOfUse && !DATE.test(startOfUse))
      throw new ApiError(400, 'startOfUse must be a date', 'startOfUse');
    if (german.store.setup()) throw new ApiError(409, 'a TSE is already set up', 'tillSerial', 'tse_set_up');
    try {
      const { puk, setup } = await german.setUp(serial, startOfUse || undefined);
      hub.audit.append({
        kind: 'tse_set_up',
        ...options.actor(c),
        subject: setup.tseSerial,
        note: setup.clientSerial,
      });
      return show(c, { puk });
    } catch (error) {
      if (error instanceof FiskalyError && error.code === 'E_VALIDATION')
        throw new ApiError(400, error.message, 'tillSerial');
      if (error instanceof FiskalyError) return show(c, { problem: `${error.code}: ${error.message}` }, 409);
      throw error;
    }
  });

  routes.post('/start-of-use', async (c) => {
    const german = germanOrRefuse();
    const form = await c.req.parseBody();
    const date = String(form.startOfUse ?? '');
    if (!DATE.test(date)) throw new ApiError(400, 'startOfUse must be a date', 'startOfUse');
    if (!german.store.setup()) throw new ApiError(409, 'set up the TSE first', 'startOfUse');
    german.setStartOfUse(date);
    hub.audit.append({ kind: 'fiscal_start_of_use', ...options.actor(c), subject: date });
    return c.redirect('/admin/fiscal', 303);
  });

  routes.post('/business', async (c) => {
    const form = await c.req.parseBody();
    const text = (name: string, required: boolean) => {
      const value = String(form[name] ?? '').trim();
      if (required && !value) throw new ApiError(400, `${name} is required`, name);
      if (value.length > 100) throw new ApiError(400, `${name}: up to 100 characters`, name);
      return value;
    };
    const country = text('country', true).toUpperCase();
    if (!/^[A-Z]{3}$/.test(country))
      throw new ApiError(400, 'country: an ISO code of 3 letters, e.g. DEU', 'country');
    const business: FiscalBusiness = {
      name: text('name', true),
      street: text('street', true),
      postalCode: text('postalCode', true),
      city: text('city', true),
      country,
    };
    const taxNumber = text('taxNumber', false);
    const vatId = text('vatId', false);
    if (taxNumber) business.taxNumber = taxNumber;
    if (vatId) business.vatId = vatId;
    fiscal.setBusiness(business);
    hub.audit.append({ kind: 'fiscal_business_changed', ...options.actor(c), subject: business.name });
    return c.redirect('/admin/fiscal', 303);
  });

  // Taking the till out of service (docs/fiscal.md, "Decommissioning"): for good, so confirmed.
  routes.post('/decommission', async (c) => {
    const german = germanOrRefuse();
    const form = await c.req.parseBody();
    if (form.confirm !== 'yes')
      throw new ApiError(400, 'confirm that the decommissioning cannot be undone', 'confirm');
    const outOfServiceOn = String(form.outOfServiceOn ?? '');
    if (!isCalendarDate(outOfServiceOn))
      throw new ApiError(400, 'outOfServiceOn must be a date', 'outOfServiceOn');
    const setup = german.store.setup();
    if (setup && (outOfServiceOn < setup.startOfUse || outOfServiceOn > hotelDate(new Date())))
      throw new ApiError(
        400,
        `outOfServiceOn must be from the start of use (${setup.startOfUse}) to today`,
        'outOfServiceOn',
      );
    const reason = String(form.reason ?? '') as DecommissioningReason;
    if (!DECOMMISSIONING_REASONS.includes(reason))
      throw new ApiError(400, `reason must be one of ${DECOMMISSIONING_REASONS.join(', ')}`, 'reason');
    const note = String(form.note ?? '')
      .replace(/\p{Cc}/gu, ' ')
      .trim();
    if (note.length > 200) throw new ApiError(400, 'note: up to 200 characters', 'note');
    const who = options.actor(c);
    try {
      const done = await german.decommission({ outOfServiceOn, reason, note, by: who.staffName });
      hub.audit.append({
        kind: 'fiscal_decommissioned',
        ...who,
        subject: done.tseSerial,
        note: `${done.outOfServiceOn} ${done.reason}${done.note ? `: ${done.note}` : ''}`,
      });
    } catch (error) {
      if (error instanceof DecommissionRefusedError)
        throw new ApiError(409, error.message, 'confirm', error.code);
      if (error instanceof FiskalyError) return show(c, { problem: `${error.code}: ${error.message}` }, 409);
      throw error;
    }
    return c.redirect('/admin/fiscal', 303);
  });

  routes.post('/recover', async (c) => {
    await germanOrRefuse().signing.recover();
    return c.redirect('/admin/fiscal', 303);
  });

  // A POST (issue 30): the export starts a job on the TSE, which no GET (a link, a prefetch) may do.
  routes.get('/tse-export.tar', () => {
    throw new ApiError(405, 'the TSE export is started with POST', 'method', 'method_not_allowed');
  });
  routes.post('/tse-export.tar', async (c) => {
    const german = germanOrRefuse();
    if (!german.store.setup()) throw new ApiError(409, 'set up the TSE first');
    const tar = await german.exportTse();
    c.header('content-type', 'application/x-tar');
    c.header('content-disposition', `attachment; filename="tse-export-${hotelDate(new Date())}.tar"`);
    return c.body(tar as Uint8Array<ArrayBuffer>);
  });

  routes.get('/dsfinvk.zip', async (c) => {
    const german = germanOrRefuse();
    const number = (name: string) => {
      const value = c.req.query(name) ?? '';
      if (!/^\d{1,9}$/.test(value)) throw new ApiError(400, `${name} must be a Z number`, name);
      return Number(value);
    };
    const from = number('from');
    const to = number('to');
    if (to < from) throw new ApiError(400, 'to must not be below from', 'to');
    if (!options.closings)
      throw new ApiError(
        409,
        'the DSFinV-K export needs the sales ledger, which is not there yet',
        'from',
        'no_ledger',
      );
    const setup = german.store.setup();
    if (!setup) throw new ApiError(409, 'set up the TSE first', 'from');
    // Never the test TSE's days in a real export: Z reports over sales it signed are refused.
    const testThrough = Number(german.store.setting(TEST_TSE_THROUGH_SEQ) ?? 0);
    if (testThrough > 0) {
      const firstReal = options.hub.db
        .prepare("SELECT MIN(z_number) FROM z_closings WHERE scope = '*' AND after_seq >= ?")
        .pluck()
        .get(testThrough) as number | null;
      if (firstReal === null || from < firstReal)
        throw new ApiError(
          409,
          `Z reports before ${firstReal === null ? 'the first one taken with the real TSE' : `Z ${firstReal}`} hold sales the test TSE signed: they are in the fiscal archive, not in this export`,
          'from',
          'fiscal_test_archived',
        );
    }
    const closings = options.closings(from, to, (await german.client.getTss(setup.tssId)).certificate);
    if (closings.length === 0)
      throw new ApiError(404, `no Z closing from ${from} to ${to}`, 'from', 'z_unknown');
    const zip = writeDsfinvkExport(closings, await german.exportTse());
    c.header('content-type', 'application/zip');
    c.header('content-disposition', `attachment; filename="dsfinvk-z${from}-z${to}.zip"`);
    return c.body(zip as Uint8Array<ArrayBuffer>);
  });

  return routes;
}
