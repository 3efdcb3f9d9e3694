// Catalogue changes are a manager's, and the gateway checks it (a tablet is not trusted to ask):
// where the hotel has a manager, creating a product or a commodity group through the gateway passes
// only with a manager's `catalogue_change` approval naming that change (`x-till-sale`, a fresh id
// per change), this device, and for a product its price. Without one, with a waiter's signature,
// for something else, or a second time, it is refused with 403 and the test hotel gets nothing.
// Until the hotel has a manager, nothing needs approval.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '../../../src/pms/http.ts';
import { APPROVAL_HEADER, type Approval, SALE_HEADER, type StaffCard } from '../../../src/pms/staff-calls.ts';
import { REPLAYED_HEADER } from '../../../src/server/gateway/resend-guard.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { count, pinnedHotel } from '../../support/hotel.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';
import { addStaff, STAFF_KEY_ROUNDS, signedApproval } from './staff-support.ts';

let hotel: TestHotel;
let app: TabletApp;

async function staffApp(staff: { name: string; role: 'waiter' | 'manager'; pin: string }[]) {
  app = tabletApp({ hotel }, { staffKeyRounds: STAFF_KEY_ROUNDS });
  return addStaff(app, staff);
}

beforeEach(() => {
  hotel = pinnedHotel();
});
afterEach(() => hotel.close());

/** A catalogue-change approval signed with `card`'s key (opened by `pin`). */
const approval = (card: StaffCard, pin: string, fields: Partial<Approval> = {}) =>
  signedApproval(app, card, pin, {
    action: 'catalogue_change',
    subject: 'change-1',
    amountCents: null,
    ...fields,
  });

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Creates "Espresso Tonic" (B-150) at `price` with `headers`. */
const createProduct = (headers: Record<string, string>, price = '6.40') =>
  post(
    '/api/create/products',
    { name: 'Espresso Tonic', number: 'B-150', price, commodity_group_id: 1, tax_class_id: 1 },
    headers,
  );
const createGroup = (headers: Record<string, string>, name = 'Cocktails') =>
  post('/api/create/commoditygroups', { name }, headers);

const products = () => count(hotel.db, 'products', 'number = ?', 'B-150');
const groups = (name = 'Cocktails') => count(hotel.db, 'commodity_groups', 'name = ?', name);
const code = async (answer: Response) => ((await answer.json()) as { code?: string }).code;

describe('where the hotel has a manager', () => {
  let anna: StaffCard; // manager, 9999
  let mia: StaffCard; // waiter, 1111
  beforeEach(async () => {
    const card = await staffApp([
      { name: 'Anna', role: 'manager', pin: '9999' },
      { name: 'Mia', role: 'waiter', pin: '1111' },
    ]);
    anna = card('Anna');
    mia = card('Mia');
  });

  it('refuses a product or a group without an approval with 403, and the PMS gets nothing', async () => {
    const product = await createProduct({ [SALE_HEADER]: 'change-1' });
    expect(product.status).toBe(403);
    expect(await product.json()).toMatchObject({ code: 'approval_required', field: 'approval' });
    const group = await createGroup({});
    expect(group.status).toBe(403);
    expect(await code(group)).toBe('approval_required');
    expect(products()).toBe(0);
    expect(groups()).toBe(0);
    expect(app.hub.audit.list({ kind: 'approval_refused' }).map((row) => row.note)).toEqual([
      'catalogue_change: approval_required',
      'catalogue_change: approval_required',
    ]);
  });

  it("creates them with a manager's approval, once: the same approval again is refused", async () => {
    const forProduct = await approval(anna, '9999', { subject: 'change-1', amountCents: 640 });
    const product = await createProduct({ [SALE_HEADER]: 'change-1', [APPROVAL_HEADER]: forProduct });
    expect(product.status).toBe(200);
    expect(hotel.db.prepare('SELECT name, price_cents FROM products WHERE number = ?').get('B-150')).toEqual({
      name: 'Espresso Tonic',
      price_cents: 640,
    });
    const forGroup = await approval(anna, '9999', { subject: 'change-2' });
    expect((await createGroup({ [SALE_HEADER]: 'change-2', [APPROVAL_HEADER]: forGroup })).status).toBe(200);
    expect(groups()).toBe(1);

    // Replayed: for the same change, or for another group.
    const again = await createGroup({ [SALE_HEADER]: 'change-2', [APPROVAL_HEADER]: forGroup }, 'Longdrinks');
    expect(again.status).toBe(403);
    expect(await code(again)).toBe('approval_used');
    const elsewhere = await createGroup(
      { [SALE_HEADER]: 'change-3', [APPROVAL_HEADER]: forGroup },
      'Longdrinks',
    );
    expect(await code(elsewhere)).toBe('approval_mismatch');
    expect(groups('Longdrinks')).toBe(0);
    expect(products()).toBe(1);
  });

  it('answers a resend of an approved change (same request id: a lost answer) from memory, not 403, and creates it once', async () => {
    const forProduct = await approval(anna, '9999', { subject: 'change-1', amountCents: 640 });
    const sent = {
      [SALE_HEADER]: 'change-1',
      [APPROVAL_HEADER]: forProduct,
      [REQUEST_ID_HEADER]: randomUUID(),
    };
    const first = await createProduct(sent);
    expect(first.status).toBe(200);
    const resent = await createProduct(sent); // the browser sends it again: the first answer was lost
    expect(resent.status).toBe(200);
    expect(resent.headers.get(REPLAYED_HEADER)).toBe('1');
    expect(await resent.json()).toEqual(await first.json());
    expect(products()).toBe(1);
    // A new send (new request id) with the spent approval is still refused.
    const again = await createProduct({ ...sent, [REQUEST_ID_HEADER]: randomUUID() });
    expect(await code(again)).toBe('approval_used');
    expect(products()).toBe(1);
  });

  it("refuses a waiter's signature, a forged one, another change, action, device, price or kind", async () => {
    const refusedProduct = async (token: string, change = 'change-1', price = '6.40') => {
      const answer = await createProduct({ [SALE_HEADER]: change, [APPROVAL_HEADER]: token }, price);
      return [answer.status, await code(answer)];
    };
    const product = { amountCents: 640 };
    expect(await refusedProduct(await approval(mia, '1111', product))).toEqual([403, 'approval_not_manager']);
    // Mia signs an approval naming Anna: the signature is not Anna's.
    expect(await refusedProduct(await approval(mia, '1111', { ...product, managerId: anna.id }))).toEqual([
      403,
      'approval_invalid',
    ]);
    const real = await approval(anna, '9999', product);
    expect(await refusedProduct(real, 'change-9')).toEqual([403, 'approval_mismatch']);
    expect(await refusedProduct(real, 'change-1', '0.50')).toEqual([403, 'approval_mismatch']);
    expect(await refusedProduct(await approval(anna, '9999', { ...product, action: 'open_price' }))).toEqual([
      403,
      'approval_mismatch',
    ]);
    expect(
      await refusedProduct(await approval(anna, '9999', { ...product, deviceId: 'another-tablet' })),
    ).toEqual([403, 'approval_invalid']); // this tablet's key is no other device's
    // A group's approval (no price) does not create a product, nor a product's a group.
    expect(await refusedProduct(await approval(anna, '9999'))).toEqual([403, 'approval_mismatch']);
    const asGroup = await createGroup({ [SALE_HEADER]: 'change-1', [APPROVAL_HEADER]: real });
    expect([asGroup.status, await code(asGroup)]).toEqual([403, 'approval_mismatch']);
    expect(products()).toBe(0);
    expect(groups()).toBe(0);
    // Still unspent: the manager's real approval goes through for what it names.
    expect(await refusedProduct(real)).toEqual([200, undefined]);
    expect(products()).toBe(1);
  });

  it('answers a product without a readable price 400 naming it, and creates nothing', async () => {
    const token = await approval(anna, '9999', { amountCents: 640 });
    const answer = await createProduct({ [SALE_HEADER]: 'change-1', [APPROVAL_HEADER]: token }, 'lots');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 'price_invalid', field: 'price' });
    expect(products()).toBe(0);
  });

  it('records a reported catalogue change with its approver; without the approval it is refused', async () => {
    const token = await approval(anna, '9999', { subject: 'change-5', amountCents: 640 });
    expect((await createProduct({ [SALE_HEADER]: 'change-5', [APPROVAL_HEADER]: token })).status).toBe(200);
    const event = (fields: Record<string, unknown>) => ({
      id: randomUUID(),
      kind: 'catalogue_change',
      at: '2026-11-22T09:00:00.000Z',
      staffId: mia.id,
      subject: 'change-5',
      ...fields,
    });
    const approved = event({ approval: token, note: 'product created: Espresso Tonic' });
    const unapproved = event({ subject: 'change-6' });
    const answer = await app.request('/till/audit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ events: [approved, unapproved] }),
    });
    expect(((await answer.json()) as { results: unknown[] }).results).toEqual([
      { id: approved.id, outcome: 'recorded' },
      { id: unapproved.id, outcome: 'refused', code: 'approval_required' },
    ]);
    expect(app.hub.audit.list({ kind: 'catalogue_change' })).toMatchObject([
      { staffName: 'Mia', approvedBy: 'Anna', subject: 'change-5' },
    ]);
  });
});

describe('where the hotel has no manager yet', () => {
  it('creates products and groups without an approval, as before staff existed', async () => {
    await staffApp([{ name: 'Mia', role: 'waiter', pin: '1111' }]);
    expect((await createProduct({})).status).toBe(200);
    expect((await createGroup({})).status).toBe(200);
    expect(products()).toBe(1);
    expect(groups()).toBe(1);
  });
});
