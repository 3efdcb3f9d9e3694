// Ledger records for the closing tests, recorded through the ledger itself (hub.ledger.record, what
// `POST /till/sales` runs): each record as a tablet sends it (pms/ledger-wire.ts), with managers'
// approvals signed by their keys as a tablet signs them, and its PMS outcomes reported afterwards.
import { randomUUID } from 'node:crypto';
import type { LedgerLine, LedgerRecord, PmsOutcome } from '../../../src/pms/ledger-wire.ts';
import type { ApprovalAction } from '../../../src/pms/staff-calls.ts';
import { openStaffKey, signApproval } from '../../../src/pms/staff-keys.ts';
import type { Device, Hub } from '../../../src/server/hub/hub.ts';

const groupIds = new Map<string, number>();
const productIds = new Map<string, number>();
const idOf = (ids: Map<string, number>, name: string) => {
  if (!ids.has(name)) ids.set(name, ids.size + 1);
  return ids.get(name)!;
};

/** A line: `quantity` × `unitPriceCents` at `vatRateBp`, in `group`. */
export function line(
  name: string,
  quantity: number,
  unitPriceCents: number,
  vatRateBp: number,
  group: string,
  cataloguePriceCents: number | null = unitPriceCents,
): LedgerLine {
  return {
    productId: idOf(productIds, name),
    name,
    quantity,
    unitPriceCents,
    cataloguePriceCents,
    vatRateBp,
    taxClassId: vatRateBp === 1900 ? 1 : 2,
    commodityGroupId: idOf(groupIds, group),
    commodityGroupName: group,
  };
}

/** A manager who approves fixture records: their id and PIN (their key is opened once). */
export interface FixtureManager {
  id: string;
  pin: string;
}

export interface FixtureRecord extends Partial<LedgerRecord> {
  kind: LedgerRecord['kind'];
  /** Approvals the record carries: the action, by `manager`, for the amount given. */
  approvedBy?: { action: ApprovalAction; manager: FixtureManager; amountCents?: number | null }[];
  /** PMS outcomes reported for it (step 1, 2, ...). */
  outcomes?: PmsOutcome[];
}

const keys = new Map<string, Promise<CryptoKey | null>>();

export async function approvalToken(
  hub: Hub,
  device: Device,
  saleId: string,
  wanted: NonNullable<FixtureRecord['approvedBy']>[number],
): Promise<string> {
  const card = (await hub.staff.cards(device.id)).find((member) => member.id === wanted.manager.id);
  if (!card) throw new Error(`no staff card for ${wanted.manager.id}`);
  const cacheKey = `${card.id}:${device.id}:${card.keyVersion}`;
  if (!keys.has(cacheKey)) keys.set(cacheKey, openStaffKey(wanted.manager.pin, card.sealedKey));
  const key = await keys.get(cacheKey)!;
  if (!key) throw new Error(`PIN ${wanted.manager.pin} does not open ${card.name}'s key`);
  return signApproval(key, {
    id: randomUUID(),
    managerId: card.id,
    action: wanted.action,
    subject: saleId,
    amountCents: wanted.amountCents ?? null,
    deviceId: device.id,
    at: new Date().toISOString(),
  });
}

/** Records `record` from `device` through the ledger and reports its outcomes; answers its seq. */
export async function recordFixture(
  hub: Hub,
  device: Device,
  record: FixtureRecord,
): Promise<{ seq: number; saleId: string }> {
  const { approvedBy = [], outcomes = [], ...fields } = record;
  const lines = fields.lines ?? [];
  const saleId = fields.saleId ?? randomUUID();
  const body: LedgerRecord = {
    v: 1,
    saleId,
    reference: saleId.slice(0, 8),
    createdAt: new Date().toISOString(),
    staffId: null,
    lines,
    payments: [],
    totalCents: lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0),
    ...fields,
    approvals: await Promise.all(approvedBy.map((wanted) => approvalToken(hub, device, saleId, wanted))),
  };
  const answer = await hub.ledger.record(device, body);
  outcomes.forEach((outcome, index) => {
    hub.ledger.outcomes.report(device, saleId, {
      step: index + 1,
      intent: 'fixture@1',
      outcome,
      ...(outcome === 'done' ? {} : { message: `step ${index + 1}: ${outcome}` }),
      at: body.createdAt,
    });
  });
  return { seq: answer.seq, saleId };
}

/**
 * Opens `staffId`'s shift on drawer Bar (float 50.00) and records its sale S1: 2 Pils (3.80 each,
 * group Beer) for cash, 10.00 given, 2.40 back; `sale` adds to S1 (outcomes, createdAt).
 * @example await recordShiftWithPils(app.hub, app.device, mia.id, { outcomes: ['done'] });
 */
export async function recordShiftWithPils(
  hub: Hub,
  device: Device,
  staffId: string,
  sale: Partial<FixtureRecord> = {},
): Promise<{ seq: number; saleId: string }> {
  await recordFixture(hub, device, {
    kind: 'shift-open',
    staffId,
    shift: { shiftId: 'sh1', drawer: 'Bar', floatCents: 5000 },
  });
  return recordFixture(hub, device, {
    saleId: 'S1',
    kind: 'sale',
    staffId,
    lines: [line('Pils', 2, 380, 1900, 'Beer')],
    payments: [{ method: 'cash', amountCents: 760, tenderedCents: 1000, changeCents: 240 }],
    ...sale,
  });
}

/** Pairs a device of `outlet` named `name` on `hub`. */
export function fixtureDevice(hub: Hub, outlet: string, name: string): Device {
  const { code } = hub.createPairingCode({ outlet, name });
  return hub.redeemPairingCode(code, '127.0.0.1').device;
}
