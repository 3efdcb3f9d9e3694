// The card terminal's end-of-day, run by a manager (issue 30): the manager signed in signs the
// `close_day` approval at once, else the approval dialog asks for a manager's PIN; the server
// refuses the end-of-day without it where the hotel has managers.
import { type CardEndOfDay, cardEndOfDay } from '../../pms/card-calls';
import { DAY_CLOSING_SUBJECT } from '../../pms/closing-wire';
import { settings } from '../device';
import { approvalFor } from '../staff';

/**
 * Runs the terminal's end-of-day with a manager's approval; undefined when the manager cancelled.
 * @example const day = await terminalEndOfDay('Terminal end-of-day'); if (!day) return;
 */
export async function terminalEndOfDay(what: string): Promise<CardEndOfDay | undefined> {
  const approval = await approvalFor(
    { action: 'close_day', subject: DAY_CLOSING_SUBJECT, amountCents: null },
    what,
  );
  if (approval === null) return undefined;
  return cardEndOfDay(settings().gatewayUrl, undefined, approval);
}
