// What a paired tablet reports for the audit log (`POST /till/audit`): sign-ins, failed PINs,
// sales, room charges, voids, take-backs, catalogue changes and shift closes, made online or
// offline. Owns checking each event before it is recorded: a known staff member, and for a void or
// a take-back a manager's approval that is real (staff-registry.ts). A refused event is answered
// with its code and recorded as `approval_refused`; a resent event is recorded once, by its id.
import * as v from 'valibot';
import { ApiError } from '../../node-http/errors.ts';
import { APPROVAL_NEEDED, type AuditAnswer, AuditBatchSchema, readApproval } from '../../pms/staff-calls.ts';
import { describeIssues } from '../../pms/wire.ts';
import type { Device, Hub } from '../hub/hub.ts';
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
    const needed = hub.staff.hasManager() ? APPROVAL_NEEDED[event.kind] : undefined;
    const action = needed ?? (event.approval ? readApproval(event.approval)?.action : undefined);
    let approvedBy: string | null = null;
    if (action) {
      try {
        const { approval, manager } = await hub.staff.checkApproval(event.approval, {
          action,
          subject: event.subject ?? '',
          deviceId: device.id,
        });
        hub.staff.spendApproval(approval, false);
        approvedBy = manager.name;
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
    }
    hub.audit.append({ ...base, kind: event.kind, approvedBy });
    results.push({ id: event.id, outcome: 'recorded' });
  }
  return { results };
}
