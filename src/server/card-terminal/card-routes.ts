// The tablet's card-terminal endpoints under `/till/card`, for paired tablets only (401 otherwise), each
// payment only for the tablet that started it: the terminal, start or resume, follow, cancel and check a
// payment, reverse it or refund to a card with a manager's approval, and the end-of-day. Bad input is
// 400 naming the field, nothing sent. Endpoints: docs/zvt.md, "The tablet's endpoints".

import { type Context, Hono } from 'hono';
import { ApiError } from '../../node-http/errors.ts';
import { requestHeader } from '../../node-http/headers.ts';
import { APPROVAL_HEADER, type ApprovalAction } from '../../pms/staff-calls.ts';
import { requireAppRequest } from '../http/app-requests.ts';
import { deviceOf, requirePairedDevice } from '../hub/device-routes.ts';
import type { Hub } from '../hub/hub.ts';
import { managerOf } from '../ledger/closing/closing-routes.ts';
import { StaffError } from '../staff/staff-registry.ts';
import { CardError, type CardPayments, type PaymentRequest } from './card-payments.ts';
import type { Terminals } from './terminals.ts';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The most one card payment may be (cents): 6 BCD bytes hold more, the till never needs it. */
const MAX_CENTS = 10_000_000;

const cents = (value: unknown, field: string, least: number) => {
  if (!Number.isSafeInteger(value) || (value as number) < least || (value as number) > MAX_CENTS)
    throw new ApiError(
      400,
      `${field} is a whole number of cents from ${least} to ${MAX_CENTS}`,
      field,
      'invalid_amount',
    );
  return value as number;
};

async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  try {
    const body = await c.req.json();
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // below
  }
  throw new ApiError(400, 'the request body is not a JSON object', 'body', 'invalid_body');
}

function readPaymentRequest(body: Record<string, unknown>): PaymentRequest {
  if (typeof body.saleId !== 'string' || !ID.test(body.saleId))
    throw new ApiError(400, 'saleId is the sale’s id', 'saleId', 'invalid_sale');
  const paymentNo = body.paymentNo;
  if (!Number.isSafeInteger(paymentNo) || (paymentNo as number) < 1 || (paymentNo as number) > 99)
    throw new ApiError(400, 'paymentNo is a number from 1 to 99', 'paymentNo', 'invalid_payment_no');
  if (body.askTip !== undefined && typeof body.askTip !== 'boolean')
    throw new ApiError(400, 'askTip is true or false', 'askTip', 'invalid_body');
  return {
    saleId: body.saleId,
    paymentNo: paymentNo as number,
    amountCents: cents(body.amountCents, 'amountCents', 1),
    tillTipCents: cents(body.tillTipCents ?? 0, 'tillTipCents', 0),
    askTip: body.askTip === true,
  };
}

export interface CardRouteOptions {
  hub: Hub;
  cards: CardPayments;
  terminals: Terminals;
  trustProxy: boolean;
}

export function createCardRoutes(options: CardRouteOptions): Hono {
  const { hub, cards, terminals } = options;
  const routes = new Hono();
  routes.use('*', requirePairedDevice(hub, { trustProxy: options.trustProxy }));
  routes.use('*', requireAppRequest(['GET', 'POST']));
  routes.use('*', async (c, next) => {
    c.header('cache-control', 'no-store');
    try {
      await next();
    } catch (error) {
      if (error instanceof CardError)
        throw new ApiError(error.status, error.message, error.field, error.code);
      throw error;
    }
  });

  /** The manager's approval of `action` on this sale, checked and spent; its manager's name. */
  const giveBacks = cards.ledgerSource();
  const approved = async (
    c: Context,
    action: readonly ApprovalAction[],
    subject: string,
    amountCents: number,
  ) => {
    const device = deviceOf(c)!;
    if (!hub.staff.hasManager()) return 'no manager yet';
    const tokens = (requestHeader(c, APPROVAL_HEADER) ?? '').split(',').map((token) => token.trim());
    try {
      const { approval, manager } = await hub.staff.checkApproval(
        tokens.find(Boolean),
        { action, subject, deviceId: device.id, minAmountCents: amountCents },
        true,
      );
      // A sale's refund approval (void_sale) is spent by the refund's ledger record, which the tablet
      // sends once the money is back (ledger/card-check.ts): here it only gives the money back once.
      if (approval.action === 'void_sale') {
        if (giveBacks.gaveBack(subject))
          throw new StaffError(
            403,
            'approval_used',
            'this sale’s card money was given back already',
            'approval',
          );
        hub.staff.spendApproval(approval, false);
      } else hub.staff.spendApproval(approval, true);
      return manager.name;
    } catch (error) {
      if (!(error instanceof StaffError)) throw error;
      hub.audit.append({
        kind: 'approval_refused',
        deviceId: device.id,
        deviceName: device.name,
        subject,
        note: `${action[0]}: ${error.code}`,
      });
      throw new ApiError(403, error.message, error.field, error.code);
    }
  };

  const params = (c: Context) => {
    const saleId = c.req.param('saleId') ?? '';
    const no = Number(c.req.param('no'));
    if (!ID.test(saleId)) throw new ApiError(400, 'not a sale id', 'saleId', 'invalid_sale');
    if (!Number.isSafeInteger(no) || no < 1)
      throw new ApiError(400, 'not a payment number', 'paymentNo', 'invalid_payment_no');
    return { saleId, no };
  };

  // No terminal is an answer, not an error: the pay screen asks on every open (a 404 would be logged).
  routes.get('/terminal', (c) => {
    const terminal = terminals.forDevice(deviceOf(c)!);
    return c.json({
      terminal: terminal
        ? { name: terminal.name, printsOwnSlips: terminal.printsOwnSlips, currency: terminal.currency }
        : null,
    });
  });

  routes.post('/payments', async (c) =>
    c.json(cards.start(deviceOf(c)!, readPaymentRequest(await jsonBody(c)))),
  );

  routes.get('/payments/:saleId/:no', (c) => {
    const { saleId, no } = params(c);
    return c.json(cards.view(deviceOf(c)!.id, saleId, no));
  });

  routes.post('/payments/:saleId/:no/abort', (c) => {
    const { saleId, no } = params(c);
    return c.json(cards.abort(deviceOf(c)!.id, saleId, no));
  });

  routes.post('/payments/:saleId/:no/check', async (c) => {
    const { saleId, no } = params(c);
    return c.json(await cards.check(deviceOf(c)!.id, saleId, no));
  });

  routes.post('/payments/:saleId/:no/reversal', async (c) => {
    const { saleId, no } = params(c);
    const device = deviceOf(c)!;
    const payment = cards.view(device.id, saleId, no);
    // The sale's refund approval (void_sale) covers giving its card money back: its amount is the sale's.
    const manager = await approved(c, ['card_reversal', 'void_sale'], saleId, payment.amountCents);
    const reversed = await cards.reverse(device, saleId, no, manager);
    hub.audit.append({
      kind: 'card_reversed',
      deviceId: device.id,
      deviceName: device.name,
      approvedBy: manager,
      subject: saleId,
      amountCents: reversed.chargedCents,
      note: `trace ${reversed.card?.traceNumber ?? '?'}`,
    });
    return c.json(reversed);
  });

  routes.post('/refunds', async (c) => {
    const body = await jsonBody(c);
    if (typeof body.saleId !== 'string' || !ID.test(body.saleId))
      throw new ApiError(400, 'saleId is the sale’s id', 'saleId', 'invalid_sale');
    const amountCents = cents(body.amountCents, 'amountCents', 1);
    const device = deviceOf(c)!;
    // Only card money this server's terminal took for the sale, at most what is left of it (issue 30).
    const paid = cards.paidBy(body.saleId);
    if (!paid)
      throw new ApiError(
        409,
        'this server’s terminal took no card payment for this sale',
        'saleId',
        'card_payment_unknown',
      );
    if (amountCents > paid.chargedCents - cards.refundedFor(body.saleId))
      throw new ApiError(
        400,
        'more than the card was charged for this sale, less what was refunded',
        'amountCents',
        'invalid_amount',
      );
    const manager = await approved(
      c,
      ['card_refund', 'void_sale'],
      body.saleId,
      Math.min(amountCents, paid?.amountCents ?? amountCents),
    );
    const result = await cards.refund(device, body.saleId, amountCents, manager);
    hub.audit.append({
      kind: 'card_refunded',
      deviceId: device.id,
      deviceName: device.name,
      approvedBy: manager,
      subject: body.saleId,
      amountCents,
      note: result.state,
    });
    return c.json(result);
  });

  // A manager's (close_day approval) where the hotel has managers (issue 30): no waiter runs it.
  routes.post('/end-of-day', async (c) => {
    if (hub.staff.hasManager()) await managerOf(hub, c);
    return c.json(await cards.endOfDay(deviceOf(c)!));
  });

  routes.all('*', () => {
    throw new ApiError(404, 'no such endpoint');
  });
  return routes;
}
