// What a paired tablet reports for the audit log (`POST /till/audit`): sign-ins, failed PINs,
// sales, room charges, voids, take-backs, catalogue changes and shift closes, made online or
// offline. Owns checking each event before it is recorded: a known staff member, for a void or a
// take-back a manager's approval that is real (approvals.ts, as for the ledger and the gateway), and every other approval it
// carries (a sale's open price and discount), each named in `approvedBy`. A refused event is answered
// with its code and recorded as `approval_refused`; a resent event is recorded once, by its id.
import * as v from 'valibot';
import { ApiError } from '../../node-http/errors.ts';
import {
  APPROVAL_NEEDED,
  type AuditAnswer,
  AuditBatchSchema,
  readApproval,
  type TabletAuditEvent,
} from '../../pms/staff-calls.ts';
import { describeIssues } from '../../pms/wire.ts';
import type { Device, Hub } from '../hub/hub.ts';
import { type CheckedApproval, passingApprovals } from './approvals.ts';
import { StaffError } from './staff-registry.ts';

export async function receiveAuditReport(hub: Hub, device: Device, body: unknown): Promise<AuditAnswer> {
  const parsed = v.safeParse(AuditBatchSchema, body);
  if (!parsed.success) {
    const { message, field } = describeIssues(parsed.issues);
    throw new ApiError(400, message, field, 'audit_invalid');
  }
  const results: AuditAnswer['results'] = [];
  for (const event of parsed.output.events) {
    const staff = event.staffId ? hub.staff.member(event.staffId) : undefined;
    const base = {
      eventId: event.id,
      at: event.at,
      staffId: event.staffId,
      staffName: staff?.name ?? null,
      deviceId: device.id,
      deviceName: device.name,
      subject: event.subject ?? null,
      amountCents: event.amountCents ?? null,
      note: event.note ?? null,
    };
    if (event.staffId && !staff && event.kind !== 'pin_failed') {
      results.push({ id: event.id, outcome: 'refused', code: 'staff_unknown' });
      hub.audit.append({
        ...base,
        eventId: `refused:${event.id}`,
        kind: 'approval_refused',
        note: `${event.kind}: staff_unknown`,
      });
      continue;
    }
    let approvedBy: string | null = null;
    try {
      approvedBy = await checkApprovals(hub, device, event);
    } catch (error) {
      if (!(error instanceof StaffError)) throw error;
      results.push({ id: event.id, outcome: 'refused', code: error.code });
      hub.audit.append({
        ...base,
        eventId: `refused:${event.id}`,
        kind: 'approval_refused',
        note: `${event.kind}: ${error.code}`,
      });
      continue;
    }
    hub.audit.append({ ...base, kind: event.kind, approvedBy });
    results.push({ id: event.id, outcome: 'recorded' });
  }
  return { results };
}

/**
 * Checks every approval `event` carries (`approval` and `approvals`, each for its own action and
 * the event's subject; for a void or a take-back, one of them must be of that action) and spends
 * them on the subject; answers the approving managers' names, or null where none.
 * @throws StaffError with the refusal of the first approval that does not pass
 */
async function checkApprovals(hub: Hub, device: Device, event: TabletAuditEvent): Promise<string | null> {
  const tokens = [...new Set([...(event.approval ? [event.approval] : []), ...(event.approvals ?? [])])];
  const needed = hub.staff.hasManager() ? APPROVAL_NEEDED[event.kind] : undefined;
  const use = { subject: event.subject ?? '', deviceId: device.id };
  const checked: CheckedApproval[] = [];
  // The approval of the needed action: the first token of that action that passes.
  if (needed) checked.push((await passingApprovals(hub.staff, tokens, { action: needed, ...use }))[0]!);
  // Every other approval it carries, each for its own action (not an approval at all: nothing to check).
  for (const token of tokens) {
    const action = readApproval(token)?.action;
    if (!action || action === needed) continue;
    checked.push(await hub.staff.checkApproval(token, { action, ...use }));
  }
  for (const { approval } of checked) hub.staff.spendApproval(approval, false);
  const names = [...new Set(checked.map(({ manager }) => manager.name))];
  return names.length > 0 ? names.join(', ') : null;
}
