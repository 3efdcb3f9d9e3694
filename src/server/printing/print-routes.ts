// `/till/print`: printing for paired tablets only (401 otherwise), at their own outlet's printers, and
// only of sales the tablet itself recorded (403 `not_your_sale`; unrecorded: 202 or 409, ledger-printing.ts).
// Bodies are checked with the shared schemas (pms/print-calls.ts): 400 naming the field, nothing
// queued; no such printer is 409 `no_printer`. Rules: docs/printing.md, "Who may do what".
import { type Context, Hono } from 'hono';
import type * as v from 'valibot';
import { parseBody } from '../../node-http/body.ts';
import { ApiError } from '../../node-http/errors.ts';
import {
  CancellationPrintRequestSchema,
  OrderSendSchema,
  PRINT_LANGUAGES,
  type PrintLanguage,
  ReceiptPrintRequestSchema,
  ReportPrintRequestSchema,
} from '../../pms/print-calls.ts';
import { requireAppRequest } from '../http/app-requests.ts';
import { deviceOf, requirePairedDevice } from '../hub/device-routes.ts';
import type { Hub } from '../hub/hub.ts';
import { managerOf } from '../ledger/closing/closing-routes.ts';
import { LedgerPrintError, type LedgerPrinting } from './ledger-printing.ts';
import { CopyLimitError, NoPrinterError, type Printing } from './printing.ts';

export function createPrintRoutes(
  hub: Hub,
  printing: Printing,
  fromLedger: LedgerPrinting,
  options: { trustProxy: boolean },
): Hono {
  const routes = new Hono();
  routes.use('*', requirePairedDevice(hub, options));
  routes.use('*', async (c, next) => {
    c.header('cache-control', 'no-store');
    await next();
  });
  routes.post('*', requireAppRequest(['POST']));

  const body = <S extends v.GenericSchema>(c: Context, schema: S) =>
    parseBody(c, schema, { code: 'print_invalid' });
  const noPrinter = (error: unknown) => {
    if (error instanceof NoPrinterError) throw new ApiError(409, error.message, 'outlet', 'no_printer');
    if (error instanceof CopyLimitError) throw new ApiError(429, error.message, 'copyId', 'copy_limit');
    if (error instanceof LedgerPrintError)
      throw new ApiError(error.status, error.message, 'saleId', error.code);
    throw error;
  };

  routes.get('/status', (c) => {
    const device = deviceOf(c)!;
    const language = c.req.query('language');
    if (language !== undefined && !PRINT_LANGUAGES.includes(language as PrintLanguage))
      throw new ApiError(400, 'language: de or en', 'language', 'print_invalid');
    // The language rides along (the ledger's hook prints receipts before the tablet asks for one);
    // a letterhead an older app sends is ignored: it is the server's (hub/letterhead.ts).
    if (language) fromLedger.remember(device.id, { language: language as PrintLanguage });
    return c.json(printing.status(device.outlet));
  });

  routes.post('/receipt', async (c) => {
    const { saleId, language, copyId } = await body(c, ReceiptPrintRequestSchema);
    const device = deviceOf(c)!;
    try {
      fromLedger.remember(device.id, { language });
      const job = await fromLedger.receipt(device, saleId, { language, ...(copyId ? { copyId } : {}) });
      // Not recorded yet: accepted, and printed by the ledger's hook when the record arrives.
      if ('awaitingRecord' in job) return c.json({ job: null, printerName: job.printerName }, 202);
      return c.json({ job });
    } catch (error) {
      return noPrinter(error);
    }
  });

  routes.post('/cancellation', async (c) => {
    const { saleId, language } = await body(c, CancellationPrintRequestSchema);
    const device = deviceOf(c)!;
    try {
      const job = await fromLedger.cancellation(device, saleId, language);
      if ('awaitingRecord' in job) return c.json({ job: null, printerName: job.printerName }, 202);
      return c.json({ job });
    } catch (error) {
      return noPrinter(error);
    }
  });

  // A manager's "Print" on the day closing: the outlet's part of the X (or of the Z `zId`).
  routes.post('/report', async (c) => {
    const { manager, device } = await managerOf(hub, c);
    const { zId, language } = await body(c, ReportPrintRequestSchema);
    try {
      return c.json({ job: fromLedger.report(device.outlet, manager.name, language, zId) });
    } catch (error) {
      if (error instanceof LedgerPrintError) throw new ApiError(404, error.message, 'zId', error.code);
      return noPrinter(error);
    }
  });

  routes.post('/order', async (c) => {
    const order = await body(c, OrderSendSchema);
    try {
      return c.json(printing.sendOrder(deviceOf(c)!.outlet, order));
    } catch (error) {
      return noPrinter(error);
    }
  });

  routes.post('/jobs/:id/give-up', (c) => {
    const device = deviceOf(c)!;
    const id = Number(c.req.param('id'));
    const job = Number.isInteger(id) ? printing.queue.job(id) : undefined;
    const printer = job ? printing.printers.get(job.printerId) : undefined;
    if (!job || printer?.outlet !== device.outlet) throw new ApiError(404, 'no such print job', 'id');
    if (!printing.queue.giveUp(id, device.name)) {
      throw new ApiError(409, 'this job is printed, printing or given up already', 'id', 'job_not_waiting');
    }
    hub.audit.append({
      kind: 'print_job_given_up',
      deviceId: device.id,
      deviceName: device.name,
      subject: String(id),
      note: job.title,
    });
    return c.json({ ok: true });
  });

  routes.all('*', () => {
    throw new ApiError(404, 'no such endpoint');
  });
  return routes;
}
