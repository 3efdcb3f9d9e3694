// `GET /metrics`: the server's state for a monitoring system (Prometheus text format), behind the
// token made on the admin page (metrics-token.ts; 401 without it or with a wrong one). Sales pending
// per tablet and the oldest's age, tablets not seen for an hour, sales needing attention, the TSE's
// state and unsigned sales, printers' state and queue, the last backup's and last Z's age, the
// gateway's PMS errors and pacing. Labels are tablets', outlets' and printers' names only: never a
// guest, a sale's reference or an amount. docs/operations.md, "Monitoring".
import { Hono } from 'hono';
import { lastBackupAt } from '../db-backups.ts';
import type { FiscalControl } from '../fiscal/fiscal-control.ts';
import type { GatewayStatus } from '../gateway/gateway.ts';
import type { Hub } from '../hub/hub.ts';
import { createOpenSalesQueries } from '../ledger/closing/open-sales.ts';
import type { Printing } from '../printing/printing.ts';
import { createMetricsToken } from './metrics-token.ts';
import { type MetricFamily, PROMETHEUS_CONTENT_TYPE, renderMetrics } from './prometheus-text.ts';

export interface MetricsOptions {
  hub: Hub;
  gatewayStatus: () => GatewayStatus;
  fiscal?: FiscalControl;
  printing?: Printing;
  /** The nightly backups' folder (DATA_DIR/backups); none: the age is not reported. */
  backupDir?: string;
  now?: () => Date;
}

/** A tablet counts as not seen when its last request is older than this. */
export const NOT_SEEN_MS = 3_600_000;

const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

export function createMetricsRoutes(options: MetricsOptions): Hono {
  const { hub } = options;
  const now = options.now ?? (() => new Date());
  const token = createMetricsToken(hub.db);
  const openSales = createOpenSalesQueries(hub.db);
  const lastZ = hub.db.prepare("SELECT MAX(closed_at) FROM z_closings WHERE scope = '*'").pluck();
  // Counted in SQL: the queue's own listing reads every job's bytes.
  const waiting = options.printing
    ? hub.db.prepare("SELECT COUNT(*) FROM print_jobs WHERE printer_id = ? AND state = 'queued'").pluck()
    : undefined;
  const routes = new Hono();
  routes.get('/', (c) => {
    if (!token.accepts(c.req.header('authorization'))) {
      c.header('WWW-Authenticate', 'Bearer realm="Hotel Till metrics"');
      c.header('Cache-Control', 'no-store');
      return c.json({ success: false, message: 'a metrics token is needed (made on the admin page)' }, 401);
    }
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', PROMETHEUS_CONTENT_TYPE);
    return c.body(renderMetrics(gather(now().getTime())));
  });

  function gather(at: number): MetricFamily[] {
    const devices = hub.listDevices().filter((device) => !device.revokedAt);
    const pending = openSales.pendingByDevice();
    const tablet = (deviceId: string, name: string, outlet: string) => ({
      tablet: name,
      device: deviceId,
      outlet,
    });
    const gateway = options.gatewayStatus();
    const families: MetricFamily[] = [
      {
        name: 'till_tablets_paired',
        help: 'Tablets paired and not revoked.',
        type: 'gauge',
        samples: [{ value: devices.length }],
      },
      {
        name: 'till_tablets_not_seen',
        help: 'Paired tablets without a request for an hour (or never).',
        type: 'gauge',
        samples: [
          {
            value: devices.filter(
              (device) => !device.lastSeenAt || at - Date.parse(device.lastSeenAt) > NOT_SEEN_MS,
            ).length,
          },
        ],
      },
      {
        name: 'till_tablet_last_seen_age_seconds',
        help: "Seconds since a paired tablet's last request (absent: never seen).",
        type: 'gauge',
        samples: devices.flatMap((device) =>
          device.lastSeenAt
            ? [
                {
                  labels: tablet(device.id, device.name, device.outlet),
                  value: seconds(at - Date.parse(device.lastSeenAt)),
                },
              ]
            : [],
        ),
      },
      {
        name: 'till_sales_pending',
        help: 'Sales recorded by the till server whose PMS outcome their tablet has not reported yet, per tablet.',
        type: 'gauge',
        samples: pending.map((row) => ({
          labels: tablet(row.deviceId, row.deviceName, row.outlet),
          value: row.pending,
        })),
      },
      {
        name: 'till_sales_pending_oldest_age_seconds',
        help: "Age of a tablet's oldest pending sale (since the sale was made on the tablet).",
        type: 'gauge',
        samples: pending.map((row) => ({
          labels: tablet(row.deviceId, row.deviceName, row.outlet),
          value: seconds(at - Date.parse(row.oldestCreatedAt)),
        })),
      },
      {
        name: 'till_sales_needing_attention',
        help: 'Sales whose PMS step was refused or needs a person (the Z report lists them).',
        type: 'gauge',
        samples: [{ value: openSales.attention().length }],
      },
      ...fiscalFamilies(),
      ...printerFamilies(),
      ...ageFamilies(at),
      {
        name: 'till_gateway_pms_errors_total',
        help: "Tablets' requests to the PMS that failed since the start, by kind.",
        type: 'counter',
        samples: [
          { labels: { kind: 'unreachable' }, value: gateway.pmsUnreachable },
          { labels: { kind: 'server_error' }, value: gateway.pmsServerErrors },
          { labels: { kind: 'too_many_requests' }, value: gateway.pmsTooMany },
          { labels: { kind: 'gateway_busy' }, value: gateway.busyRefused },
        ],
      },
      {
        name: 'till_gateway_queued_requests',
        help: 'Requests waiting for their turn towards the PMS (the pacing).',
        type: 'gauge',
        samples: [{ value: gateway.queued }],
      },
      {
        name: 'till_gateway_requests_per_minute_limit',
        help: "The gateway's pace towards the PMS (PMS_REQUESTS_PER_MINUTE; +Inf: unpaced).",
        type: 'gauge',
        samples: [{ value: gateway.requestsPerMinute }],
      },
    ];
    return families;
  }

  function fiscalFamilies(): MetricFamily[] {
    const german = options.fiscal?.german();
    const country = options.fiscal?.country() ?? 'none';
    // One of: none (no fiscal law chosen), not_set_up, ok, outage.
    const state = !german
      ? 'none'
      : !german.store.setup()
        ? 'not_set_up'
        : german.store.openOutage()
          ? 'outage'
          : 'ok';
    return [
      {
        name: 'till_tse_state',
        help: 'The signature unit (TSE): 1 for its state now (none, not_set_up, ok, outage).',
        type: 'gauge',
        samples: ['none', 'not_set_up', 'ok', 'outage'].map((name) => ({
          labels: { state: name, country, test: german?.testTse ? 'yes' : 'no' },
          value: name === state ? 1 : 0,
        })),
      },
      {
        name: 'till_fiscal_unsigned_sales',
        help: 'Sales waiting for a signature (an outage), and sales the TSE refused for good.',
        type: 'gauge',
        samples: german
          ? [
              { labels: { kind: 'waiting' }, value: german.store.waiting().length },
              { labels: { kind: 'refused' }, value: german.store.refusedSales().length },
            ]
          : [],
      },
    ];
  }

  function printerFamilies(): MetricFamily[] {
    const printing = options.printing;
    if (!printing || !waiting) return [];
    const attention = new Map(printing.queue.attention().map((item) => [item.printerId, item]));
    const printers = printing.printers.list();
    const label = (printer: (typeof printers)[number]) => ({
      printer: printer.name,
      outlet: printer.outlet,
      role: printer.role,
    });
    return [
      {
        name: 'till_printer_ok',
        help: 'A printer set up on the admin page: 1 when it needs nobody, 0 when it has a problem.',
        type: 'gauge',
        samples: printers.map((printer) => ({
          labels: label(printer),
          value: attention.has(printer.id) ? 0 : 1,
        })),
      },
      {
        name: 'till_printer_queue_length',
        help: 'Print jobs waiting for a printer.',
        type: 'gauge',
        samples: printers.map((printer) => ({
          labels: label(printer),
          value: (waiting.get(printer.id) as number | undefined) ?? 0,
        })),
      },
    ];
  }

  function ageFamilies(at: number): MetricFamily[] {
    const backup = options.backupDir ? lastBackupAt(options.backupDir, 'till') : undefined;
    const z = lastZ.get() as string | null;
    return [
      {
        name: 'till_last_backup_age_seconds',
        help: "Seconds since the newest backup of the till server's database (absent: none yet).",
        type: 'gauge',
        samples: backup ? [{ value: seconds(at - backup.getTime()) }] : [],
      },
      {
        name: 'till_last_z_age_seconds',
        help: "Seconds since the hotel's last Z report (day closing) (absent: none yet).",
        type: 'gauge',
        samples: z ? [{ value: seconds(at - Date.parse(z)) }] : [],
      },
    ];
  }

  return routes;
}
