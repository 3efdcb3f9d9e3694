// `npm run bench -- z`: the X and Z report over 100,000 sales (issue 19: a Z over 100,000 sales in
// < 1 s). The ledger tables are seeded directly with SQL in a database file (WAL, synchronous FULL,
// as the server runs it): 100,000 records over three outlets and six tablets, 1-4 lines each at 19 %
// or 7 %, cash, card (with tips) and room charges, 1 % voids, 2 % discounts with an approval, every
// record with a PMS outcome except 0.5 % pending and 0.2 % needing attention. Figures:
//   x_report_ms    the X report (every aggregate, drawers, pending, attention), best of 3 (wall clock)
//   z_close_ms     closing the day after the drawers were counted (the same report, stored), one run
//   *_cpu_ms       the same in this process's CPU time: the machines are shared, and the wall clock
//                  under load says more about the neighbours; target_met reads the wall clock
//   sales, lines   what was seeded; gross_cents the Z's hotel total (checked against the seed's sum)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createHub } from '../src/server/hub/hub.ts';

const SALES = 100_000;

export default async function zBenchmark() {
  const dir = mkdtempSync(join(tmpdir(), 'till-z-bench-'));
  try {
    const hub = createHub({ dbFile: join(dir, 'till.sqlite') });
    const devices = ['bar', 'bar', 'restaurant', 'restaurant', 'minibar', 'bar'].map((outlet, i) => {
      const { code } = hub.createPairingCode({ outlet, name: `Tablet ${i + 1}` });
      return hub.redeemPairingCode(code, '127.0.0.1').device;
    });
    const seeded = seed(hub.db, devices);
    let cpuMs = 0;
    const timed = <T>(run: () => T): [T, number] => {
      const start = performance.now();
      const cpu = process.cpuUsage();
      const result = run();
      const used = process.cpuUsage(cpu);
      cpuMs = (used.user + used.system) / 1000;
      return [result, performance.now() - start];
    };
    let best = Number.POSITIVE_INFINITY;
    let bestCpu = Number.POSITIVE_INFINITY;
    let x = hub.closing.xReport();
    for (let round = 0; round < 3; round += 1) {
      const [report, ms] = timed(() => hub.closing.xReport());
      x = report;
      best = Math.min(best, ms);
      bestCpu = Math.min(bestCpu, cpuMs);
    }
    if (x.hotel.grossCents !== seeded.grossCents)
      throw new Error(`X report gross ${x.hotel.grossCents} != seeded ${seeded.grossCents}`);
    const closer = { staffId: null, staffName: 'bench' };
    const manager = { managerId: 'bench', managerName: 'bench', approvalId: null };
    for (const drawer of x.drawers)
      if (drawer.expectedCents !== 0)
        hub.closing.countDrawer(
          {
            outlet: drawer.outlet,
            drawer: drawer.drawer,
            denominations: { '1': Math.max(drawer.expectedCents, 0) },
          },
          closer,
          manager,
        );
    const [z, zMs] = timed(() => hub.closing.closeDay({ upToSeq: x.upToSeq }, closer));
    const zCpu = cpuMs;

    if (z.report.hotel.grossCents !== seeded.grossCents) throw new Error('Z gross differs from the seed');
    hub.close();
    return {
      sales: SALES,
      lines: seeded.lines,
      x_report_ms: Math.round(best),
      x_report_cpu_ms: Math.round(bestCpu),
      z_close_ms: Math.round(zMs),
      z_close_cpu_ms: Math.round(zCpu),
      load_average: Math.round(loadavg()[0]! * 10) / 10,
      gross_cents: z.report.hotel.grossCents,
      target_met: zMs < 1000 && best < 1000,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function seed(
  db: ReturnType<typeof createHub>['db'],
  devices: { id: string; name: string; outlet: string }[],
) {
  let lines = 0;
  let grossCents = 0;
  let state = 42; // mulberry32: the same seed, the same day
  const next = (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const sale = db.prepare(
    `INSERT INTO ledger_sales (seq, sale_id, reference, kind, device_id, device_name, outlet, receipt_number,
       staff_id, staff_name, created_at, recorded_at, refers_to, total_cents, body_sha256, body)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'bench', ?)`,
  );
  const line = db.prepare(
    `INSERT INTO ledger_lines (sale_seq, line_no, product_id, name, quantity, unit_price_cents,
       catalogue_price_cents, discount_cents, gross_cents, vat_rate_bp, net_cents, vat_cents,
       commodity_group_id, commodity_group_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const payment = db.prepare(
    `INSERT INTO ledger_payments (sale_seq, payment_no, method, amount_cents, tip_cents) VALUES (?, 1, ?, ?, ?)`,
  );
  const approval = db.prepare(
    `INSERT INTO ledger_approvals (approval_id, sale_seq, action, manager_id, manager_name) VALUES (?, ?, ?, 'm1', 'Anna')`,
  );
  const outcome = db.prepare(
    `INSERT INTO ledger_outcomes (sale_id, step, intent, outcome, at, reported_at) VALUES (?, 1, 'bench@1', ?, ?, ?)`,
  );
  const receipts = new Map<string, number>();
  const start = Date.parse('2026-11-26T06:00:00.000Z');
  db.transaction(() => {
    let seq = 0;
    for (const device of devices) {
      seq += 1;
      const body = JSON.stringify({ shift: { shiftId: `s${seq}`, drawer: null, floatCents: 10_000 } });
      const receipt = (receipts.get(device.outlet) ?? 0) + 1;
      receipts.set(device.outlet, receipt);
      const at = new Date(start).toISOString();
      sale.run(
        seq,
        `shift-${seq}`,
        `SH${seq}`,
        'shift-open',
        device.id,
        device.name,
        device.outlet,
        receipt,
        'w1',
        'Mia',
        at,
        at,
        null,
        0,
        body,
      );
    }
    for (let i = 0; i < SALES; i += 1) {
      seq += 1;
      const device = devices[next(devices.length)]!;
      const receipt = (receipts.get(device.outlet) ?? 0) + 1;
      receipts.set(device.outlet, receipt);
      const at = new Date(start + i * 600).toISOString();
      const isVoid = i > 0 && next(100) === 0;
      const sign = isVoid ? -1 : 1;
      const kind = isVoid
        ? 'void'
        : device.outlet === 'bar'
          ? 'sale'
          : next(2) === 0
            ? 'room-charge'
            : 'sale';
      const method = kind === 'room-charge' ? 'room' : next(3) === 0 ? 'card' : 'cash';
      const discounted = !isVoid && next(50) === 0;
      let total = 0;
      const count = 1 + next(4);
      const saleLines: unknown[][] = [];
      for (let n = 1; n <= count; n += 1) {
        const unit = 150 + next(2000);
        const quantity = sign * (1 + next(3));
        const vat = next(3) === 0 ? 700 : 1900;
        const gross = unit * quantity;
        const net = Math.sign(gross) * Math.round((Math.abs(gross) * 10_000) / (10_000 + vat));
        const discount = discounted ? 50 * quantity : 0;
        const group = next(8);
        saleLines.push([
          seq,
          n,
          1 + next(300),
          `Product ${n}`,
          quantity,
          unit,
          unit + (discounted ? 50 : 0),
          discount,
          gross,
          vat,
          net,
          gross - net,
          group,
          `Group ${group}`,
        ]);
        total += gross;
      }
      const body =
        kind === 'room-charge'
          ? JSON.stringify({ room: { roomReservationId: 1 + next(80), roomNumber: String(100 + next(80)) } })
          : '{}';
      sale.run(
        seq,
        `sale-${seq}`,
        `R${seq}`,
        kind,
        device.id,
        device.name,
        device.outlet,
        receipt,
        `w${next(5)}`,
        `Waiter ${next(5)}`,
        at,
        at,
        isVoid ? `sale-${seq - 1}` : null,
        total,
        body,
      );
      for (const values of saleLines) line.run(...values);
      payment.run(seq, method, total, method === 'card' && next(4) === 0 ? 100 : 0);
      if (isVoid) approval.run(`a-${seq}`, seq, 'void_sale');
      if (discounted) approval.run(`a-${seq}`, seq, 'discount');
      const fate = next(1000);
      if (fate >= 5) outcome.run(`sale-${seq}`, fate < 7 ? 'needs-attention' : 'done', at, at);
      lines += count;
      grossCents += total;
    }
  })();
  return { lines, grossCents };
}
