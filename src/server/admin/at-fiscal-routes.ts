// The Austrian (RKSV) admin actions under /admin/fiscal/at (behind the admin sign-in): set-up with
// the AES key shown once, the Startbeleg again, Nullbeleg, Jahresbeleg, Schlussbeleg, a special
// receipt printed again, logging a Belegcheck result, trying the unit, the test unit's outage
// switch, and the DEP7 and crypto material downloads. Every change goes to the audit log with who made it.
import { type Context, Hono } from 'hono';
import { ApiError } from '../../node-http/errors.ts';
import { hotelDate } from '../clock/hotel-clock.ts';
import { type AustrianFiscal, RksvSetupError } from '../fiscal/at/austria.ts';
import type { FiscalControl } from '../fiscal/fiscal-control.ts';
import type { Hub } from '../hub/hub.ts';
import type { AtPageExtra } from './at-fiscal-page.ts';

export interface AtFiscalRouteOptions {
  hub: Hub;
  fiscal: FiscalControl;
  actor: (c: Context) => { staffId: string | null; staffName: string };
  show: (
    c: Context,
    extra: { atKey?: AtPageExtra['key']; atProblem?: string },
    status?: 200 | 400 | 409,
  ) => Response | Promise<Response>;
}

export function createAtFiscalRoutes(options: AtFiscalRouteOptions): Hono {
  const { hub, fiscal, show } = options;
  const routes = new Hono();
  const austria = (): AustrianFiscal => {
    const at = fiscal.austria();
    if (!at)
      throw new ApiError(409, 'choose Austria as the fiscal country first', 'country', 'fiscal_country');
    return at;
  };
  const audit = (c: Context, kind: string, subject: string, note?: string) =>
    hub.audit.append({ kind, ...options.actor(c), subject, ...(note ? { note } : {}) });
  const text = (form: Record<string, unknown>, name: string, max: number) => {
    const value = String(form[name] ?? '').trim();
    if (value.length > max) throw new ApiError(400, `${name}: up to ${max} characters`, name);
    return value;
  };
  /** A receipt action: its problem is shown on the page, not thrown. */
  const receiptAction =
    (kind: string, act: (at: AustrianFiscal) => Promise<unknown>) => async (c: Context) => {
      const at = austria();
      if (!at.store.register())
        throw new ApiError(409, 'set up the register first', 'kassenId', 'rksv_not_set_up');
      try {
        await act(at);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        return show(c, { atProblem: (error as Error).message }, 409);
      }
      audit(c, kind, at.store.register()!.kassenId, at.store.lastReceipt()?.receiptNumber);
      return c.redirect('/admin/fiscal', 303);
    };

  routes.post('/setup', async (c) => {
    const at = austria();
    const form = await c.req.parseBody();
    const vatId = text(form, 'vatId', 11).toUpperCase();
    const taxNumber = text(form, 'taxNumber', 9);
    if (!vatId && !taxNumber) throw new ApiError(400, 'the UID or the tax number is needed', 'vatId');
    if (vatId && !/^ATU\d{8}$/.test(vatId)) throw new ApiError(400, 'the UID: ATU and 8 digits', 'vatId');
    if (!vatId && !/^\d{9}$/.test(taxNumber))
      throw new ApiError(400, 'the tax number: 9 digits', 'taxNumber');
    const name = text(form, 'businessName', 100);
    const address = text(form, 'businessAddress', 200);
    if (!name) throw new ApiError(400, 'businessName is required', 'businessName');
    if (!address) throw new ApiError(400, 'businessAddress is required', 'businessAddress');
    if (at.store.register())
      throw new ApiError(409, 'the register is already set up', 'kassenId', 'rksv_set_up');
    try {
      const done = await at.setUp({
        kassenId: text(form, 'kassenId', 50),
        business: { name, address, ...(vatId ? { vatId } : { taxNumber }) },
        companyId: vatId ? `U:${vatId}` : `S:${taxNumber}`,
        ...(fiscal.usesFiskalyAt
          ? {
              fon: {
                participantId: text(form, 'fonParticipantId', 60),
                userId: text(form, 'fonUserId', 60),
                pin: text(form, 'fonPin', 60),
              },
            }
          : {}),
      });
      audit(c, 'rksv_set_up', at.store.register()!.kassenId, `Startbeleg ${done.start.receiptNumber}`);
      return show(
        c,
        done.aesKey && done.checkValue ? { atKey: { aesKey: done.aesKey, checkValue: done.checkValue } } : {},
      );
    } catch (error) {
      if (error instanceof RksvSetupError) throw new ApiError(400, error.message, error.field);
      return show(c, { atProblem: (error as Error).message }, 409);
    }
  });

  routes.post(
    '/start',
    receiptAction('rksv_start_receipt', (at) => at.retryStart()),
  );
  routes.post(
    '/zero',
    receiptAction('rksv_zero_receipt', (at) => at.zeroReceipt()),
  );
  routes.post(
    '/yearly',
    receiptAction('rksv_yearly_receipt', (at) => at.yearlyReceipt()),
  );
  routes.post('/decommission', async (c) => {
    const form = await c.req.parseBody();
    if (form.confirm !== 'yes')
      throw new ApiError(400, 'confirm that the final DEP7 export is downloaded', 'confirm');
    return receiptAction('rksv_decommissioned', (at) => at.decommission())(c);
  });

  routes.post('/check', async (c) => {
    const at = austria();
    const form = await c.req.parseBody();
    const receiptNumber = text(form, 'receiptNumber', 60);
    const result = text(form, 'result', 200);
    if (!at.store.receipts().some((r) => r.receiptNumber === receiptNumber))
      throw new ApiError(400, 'no receipt with this number', 'receiptNumber');
    if (!result) throw new ApiError(400, 'result is required', 'result');
    const by = options.actor(c).staffName;
    at.logCheck(receiptNumber, result, by);
    audit(c, 'rksv_receipt_checked', receiptNumber, result);
    return c.redirect('/admin/fiscal', 303);
  });

  // A special receipt again, as a marked copy at the hub's receipt printer.
  routes.post('/print', async (c) => {
    const at = austria();
    const form = await c.req.parseBody();
    const receiptNumber = text(form, 'receiptNumber', 60);
    if (!at.store.receipts().some((r) => r.receiptNumber === receiptNumber && r.purpose !== 'sale'))
      throw new ApiError(400, 'no special receipt with this number', 'receiptNumber');
    try {
      at.printSpecialAgain(receiptNumber);
    } catch (error) {
      return show(c, { atProblem: (error as Error).message }, 409);
    }
    audit(c, 'rksv_special_reprinted', receiptNumber);
    return c.redirect('/admin/fiscal', 303);
  });

  routes.post('/recover', async (c) => {
    await austria().service.recover();
    return c.redirect('/admin/fiscal', 303);
  });

  routes.post('/test-unit', async (c) => {
    const unit = austria().testUnit;
    if (!unit) throw new ApiError(409, 'only the test signature unit has a switch', 'off');
    const form = await c.req.parseBody();
    const off = form.off === '1';
    unit.setSwitchedOff(off);
    audit(c, 'rksv_test_unit_switched', off ? 'off' : 'on');
    if (!off) await austria().service.recover();
    return c.redirect('/admin/fiscal', 303);
  });

  routes.get('/dep7.json', async (c) => {
    const at = austria();
    if (!at.store.register())
      throw new ApiError(409, 'set up the register first', 'kassenId', 'rksv_not_set_up');
    const dep = await at.exportDep7();
    audit(c, 'rksv_dep_exported', at.store.register()!.kassenId);
    c.header('content-disposition', `attachment; filename="dep7-${hotelDate(new Date())}.json"`);
    return c.json(dep);
  });

  routes.get('/crypto-material.json', (c) => {
    const material = austria().cryptoMaterial();
    if (!material)
      throw new ApiError(409, 'the crypto material container is for the test signature unit', 'kassenId');
    c.header('content-disposition', 'attachment; filename="cryptographicMaterialContainer.json"');
    return c.json(material);
  });

  return routes;
}
