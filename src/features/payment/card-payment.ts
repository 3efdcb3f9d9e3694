// Paying by card on the terminal from this tablet: which payment methods are cards, whether a
// terminal serves this tablet, starting a payment on the server and following it until the
// terminal has spoken (approved, declined, or unknown: "check the terminal"), cancelling, asking
// again, and the card data kept with the sale. The server keys each payment by the sale's id and
// its number, so starting the same one again never charges twice (docs/zvt.md).
import {
  abortCardPayment,
  type CardPayment,
  type CardTerminalInfo,
  checkCardPayment,
  fetchCardTerminal,
  readCardPayment,
  startCardPayment,
} from '../../pms/card-calls';
import type { CardPaymentRecord } from '../../storage/records';
import { settings } from '../device';

export { readStandaloneReceipt, STANDALONE_TIP_MAX_CENTS } from '../../shared/standalone-card';
export type { CardPayment, CardTerminalInfo };

const CARD_NAME = /(karte|card|girocard|(^|[^\p{L}])ec([^\p{L}]|$)|visa|master|amex|maestro)/iu;
const ROOM_NAME = /(zimmer|room)/i;

/**
 * Whether a payment method is paid by card (its name says so, and it is not a room transfer).
 * @example isCardMethod('EC-Karte / Girocard') === true
 */
export function isCardMethod(name: string): boolean {
  return CARD_NAME.test(name) && !ROOM_NAME.test(name);
}

/** Whether this tablet can drive a card terminal: the terminal, or why not (the till server did not
 * answer; or it says no terminal serves this tablet). Without one a card is taken stand-alone. */
export type TerminalReach =
  | { terminal: CardTerminalInfo; why?: undefined }
  | { terminal: null; why: 'unreachable' | 'none' };

/** Asks the till server which terminal serves this tablet. */
export async function reachTerminal(): Promise<TerminalReach> {
  try {
    const { terminal } = await fetchCardTerminal(settings().gatewayUrl);
    return terminal ? { terminal } : { terminal: null, why: 'none' };
  } catch {
    return { terminal: null, why: 'unreachable' };
  }
}

/** The terminal serving this tablet, or null when none is set up or the server cannot say. */
export async function cardTerminal(): Promise<CardTerminalInfo | null> {
  return (await reachTerminal()).terminal;
}

const POLL_MS = 250;
const settled = (payment: CardPayment) => payment.state !== 'new' && payment.state !== 'sent';

/**
 * Starts (or resumes) the card payment and follows it, calling `onUpdate` with each change, until
 * the terminal has decided or the outcome is unknown.
 * @example const done = await payByCard({ saleId, paymentNo: 1, amountCents: 1250, tillTipCents: 0, askTip: false }, show);
 */
export async function payByCard(
  request: { saleId: string; paymentNo: number; amountCents: number; tillTipCents: number; askTip: boolean },
  onUpdate: (payment: CardPayment) => void,
): Promise<CardPayment> {
  const base = settings().gatewayUrl;
  let payment = await startCardPayment(base, request);
  onUpdate(payment);
  let failures = 0;
  while (!settled(payment)) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    try {
      payment = await readCardPayment(base, request.saleId, request.paymentNo);
      failures = 0;
      onUpdate(payment);
    } catch (error) {
      // The tablet lost the server for a moment: the payment goes on there; keep asking.
      failures += 1;
      if (failures > 40) throw error;
    }
  }
  return payment;
}

/** The waiter cancels the running payment (the terminal ends it with "cancelled"). */
export const cancelCardPayment = (saleId: string, paymentNo: number) =>
  abortCardPayment(settings().gatewayUrl, saleId, paymentNo);

/** Asks the terminal again for an unknown outcome. */
export const checkCardAgain = (saleId: string, paymentNo: number) =>
  checkCardPayment(settings().gatewayUrl, saleId, paymentNo);

/** The card data kept with the sale, from an approved payment. */
export function cardRecordOf(payment: CardPayment): CardPaymentRecord {
  const card = payment.card!;
  const tipCents = payment.tillTipCents + payment.terminalTipCents;
  return {
    paymentNo: payment.paymentNo,
    brand: card.brand,
    maskedPan: card.maskedPan,
    terminalId: card.terminalId,
    traceNumber: card.traceNumber,
    receiptNumber: card.receiptNumber,
    amountCents: payment.amountCents,
    tipCents,
    tipFrom: payment.terminalTipCents > 0 ? 'terminal' : payment.tillTipCents > 0 ? 'till' : null,
    ...(payment.slip ? { slip: payment.slip } : {}),
  };
}
