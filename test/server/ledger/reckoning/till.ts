// The till server the reckoning test plays its days on: the whole app in-process (the German demo
// hotel's PMS embedded, the test TSE in memory, a clock the driver moves), three tablets paired
// (bar, restaurant, minibar), waiters Mia and Jonas and manager Anna; and the readings the test
// compares with the model: the DSFinV-K files of a Z and what the TSE signed for a sale.
import { REQUEST_ID_HEADER } from '../../../../src/pms/till-headers.ts';
import { createApp } from '../../../../src/server/app.ts';
import { writeCsvFiles } from '../../../../src/server/fiscal/de/dsfinvk/writer.ts';
import { createFiscalControl } from '../../../../src/server/fiscal/fiscal-control.ts';
import { ledgerClosings } from '../../../../src/server/fiscal/ledger-fiscal.ts';
import { createHub } from '../../../../src/server/hub/hub.ts';
import { createTestHotel } from '../../../../src/test-hotel/hotel.ts';
import { GERMAN_BUSINESS } from '../../../support/business.ts';
import type { Till } from './day-driver.ts';
import type { CatalogueItem, Tablet } from './day-model.ts';

export async function startTill(): Promise<Till & { close(): void }> {
  const clock = { now: new Date('2026-03-02T07:00:00.000Z') };
  const now = () => clock.now;
  const hotel = createTestHotel({ dbFile: ':memory:', testMode: true, region: 'DE', now });
  const fiscal = createFiscalControl({ dataDir: null, defaultCountry: 'DE', testMode: true });
  // A German sale is signed only with the business's name and address (hub/letterhead.ts).
  fiscal.setBusiness(GERMAN_BUSINESS);
  await fiscal.german()!.setUp('HOTEL-TILL RECKONING');
  fiscal.german()!.signing.stop();
  const hub = createHub({ dbFile: ':memory:', now });
  const server = createApp({ hub, hotel, fiscal, now });
  const pair = (outlet: Tablet) => {
    const { code } = hub.createPairingCode({ outlet, name: `Tablet ${outlet}` });
    const { device, token } = hub.redeemPairingCode(code, '127.0.0.1');
    return { device, cookie: `${hub.cookieName}=${token}` };
  };
  const devices = { bar: pair('bar'), restaurant: pair('restaurant'), minibar: pair('minibar') };
  const staffIds = {
    Mia: (await hub.staff.add({ name: 'Mia', role: 'waiter', pin: '1111' })).id,
    Jonas: (await hub.staff.add({ name: 'Jonas', role: 'waiter', pin: '2222' })).id,
    Anna: (await hub.staff.add({ name: 'Anna', role: 'manager', pin: '9999' })).id,
  };
  const read = async (path: string) => {
    const answer = await server.request(`http://localhost${path}`, {
      headers: { cookie: devices.bar.cookie, [REQUEST_ID_HEADER]: crypto.randomUUID() },
    });
    return ((await answer.json()) as { data: unknown }).data;
  };
  const products = (await read('/api/get/products/available')) as {
    id: number;
    name: string;
    price: number;
    tax_class_id: number;
    commodity_group_id: number;
    commodity_group_name: string;
    open_price: boolean;
  }[];
  const { tax_classes } = (await read('/api/get/hotel/taxclasses_accounts')) as {
    tax_classes: { id: number; rate: number }[];
  };
  const catalogue: CatalogueItem[] = products.map((p) => ({
    id: p.id,
    name: p.name,
    priceCents: Math.round(p.price * 100),
    vatRateBp: Math.round(tax_classes.find((t) => t.id === p.tax_class_id)!.rate * 100),
    taxClassId: p.tax_class_id,
    groupId: p.commodity_group_id,
    groupName: p.commodity_group_name,
    openPrice: p.open_price,
  }));
  // The stays the day charges rooms to: checked in at the embedded hotel, so the PMS takes the charges.
  const stays = (
    hotel.db
      .prepare(
        `SELECT r.id, COALESCE(rm.number, '') AS roomNumber FROM room_reservations r
           LEFT JOIN rooms rm ON rm.id = r.room_id WHERE r.status = 'CHECKED_IN' ORDER BY r.id LIMIT 3`,
      )
      .all() as { id: number; roomNumber: string }[]
  ).map((stay) => ({ roomReservationId: stay.id, roomNumber: stay.roomNumber }));
  return {
    hub,
    hotel,
    stays,
    server,
    fiscal,
    devices,
    staffIds,
    catalogue,
    clock,
    close() {
      fiscal.close();
      hotel.close();
    },
  };
}

/** The DSFinV-K CSV files of hotel Z `zNumber`, as the export writes them. */
export async function dsfinvkFiles(till: Till, zNumber: number): Promise<Record<string, string>> {
  const german = till.fiscal.german()!;
  const certificate = (await german.client.getTss(german.store.setup()!.tssId)).certificate;
  const [closing] = ledgerClosings(till.hub, till.fiscal)(zNumber, zNumber, certificate);
  return writeCsvFiles(closing!);
}

/** The rows of a DSFinV-K CSV file as objects by column name. */
export function csvRows(text: string): Record<string, string>[] {
  const split = (row: string) => {
    const out: string[] = [];
    let cell = '';
    let quoted = false;
    for (const char of row) {
      if (char === '"') quoted = !quoted;
      else if (char === ';' && !quoted) {
        out.push(cell);
        cell = '';
      } else cell += char;
    }
    return [...out, cell];
  };
  const [head, ...rows] = text.split('\r\n').filter(Boolean);
  const names = split(head!);
  return rows.map((row) => Object.fromEntries(split(row).map((cell, i) => [names[i], cell])));
}

/** A DSFinV-K decimal ("-12,34") as cents. */
export const centsOf = (value: string) => Math.round(Number(value.replace(',', '.')) * 100);

/** What the TSE signed for a sale, from its processData: gross per VAT id (1-5), cash and non-cash. */
export function signedOf(
  till: Till,
  saleId: string,
): { byVatId: number[]; cash: number; nonCash: number } | null {
  const row = till.fiscal.german()!.store.get(saleId);
  if (!row?.signature) return null;
  const [, amounts, payments] = row.signature.processData.split('^');
  const byVatId = amounts!.split('_').map((a) => Math.round(Number(a) * 100));
  let cash = 0;
  let nonCash = 0;
  for (const part of (payments ?? '').split('_').filter(Boolean)) {
    const [amount, type] = part.split(':');
    if (type === 'Bar') cash += Math.round(Number(amount) * 100);
    else nonCash += Math.round(Number(amount) * 100);
  }
  return { byVatId, cash, nonCash };
}
