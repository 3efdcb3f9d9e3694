// The admin page's "Monitoring" screen (`/admin/monitoring`, admins only: mounted behind the admin
// check): whether `/metrics` is on, a button that makes a new token (shown once, the old one stops
// working) and one that turns it off. Each change is an audit row. docs/operations.md, "Monitoring".
import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { Hub } from '../hub/hub.ts';
import { createMetricsToken } from '../metrics/metrics-token.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export const MONITORING_WORDS = {
  en: {
    link: 'Monitoring (/metrics)',
    title: 'Monitoring',
    intro:
      'A monitoring system (Prometheus) reads the till server\'s state at /metrics with a token. docs/operations.md, "Monitoring", has a scrape configuration and alert rules.',
    on: 'A token is set: /metrics answers whoever sends it.',
    off: 'No token: /metrics answers nobody (401).',
    renew: 'Make a new token',
    renewHint: 'The old token stops working at once.',
    turnOff: 'Turn /metrics off',
    shownOnce:
      'The new token, shown only now: put it in the monitoring system (bearer_token) and keep it there.',
  },
  de: {
    link: 'Überwachung (/metrics)',
    title: 'Überwachung',
    intro:
      'Ein Überwachungssystem (Prometheus) liest den Zustand des Kassenservers unter /metrics mit einem Token. docs/operations.md, „Monitoring“, zeigt eine Scrape-Konfiguration und Alarmregeln.',
    on: 'Ein Token ist gesetzt: /metrics antwortet, wer es mitsendet.',
    off: 'Kein Token: /metrics antwortet niemandem (401).',
    renew: 'Neues Token erzeugen',
    renewHint: 'Das alte Token gilt ab sofort nicht mehr.',
    turnOff: '/metrics abschalten',
    shownOnce:
      'Das neue Token, nur jetzt sichtbar: im Überwachungssystem eintragen (bearer_token) und dort aufbewahren.',
  },
} as const;

export interface MonitoringAdminOptions {
  hub: Hub;
  lang: (c: Context) => 'en' | 'de';
  frame: (c: Context, body: Html) => Response | Promise<Response>;
  actor: (c: Context) => { staffId: string | null; staffName: string };
}

export function createMonitoringAdminRoutes(options: MonitoringAdminOptions): Hono {
  const { hub } = options;
  const token = createMetricsToken(hub.db);
  const routes = new Hono();
  const show = (c: Context, fresh?: string) => {
    const w = MONITORING_WORDS[options.lang(c)];
    return options.frame(
      c,
      html`<section id="monitoring"><h2>${w.title}</h2><p>${w.intro}</p>
<p data-metrics="${token.isSet() ? 'on' : 'off'}">${token.isSet() ? w.on : w.off}</p>
${fresh ? html`<p><strong>${w.shownOnce}</strong></p><p><code id="metrics-token">${fresh}</code></p>` : ''}
<form method="post" action="/admin/monitoring/token"><button>${w.renew}</button> <span class="muted">${w.renewHint}</span></form>
${token.isSet() ? html`<form method="post" action="/admin/monitoring/off"><button>${w.turnOff}</button></form>` : ''}</section>`,
    );
  };
  routes.get('/', (c) => show(c));
  routes.post('/token', (c) => {
    const fresh = token.renew();
    hub.audit.append({ kind: 'metrics_token_made', ...options.actor(c) });
    return show(c, fresh);
  });
  routes.post('/off', (c) => {
    token.clear();
    hub.audit.append({ kind: 'metrics_token_removed', ...options.actor(c) });
    return c.redirect('/admin/monitoring', 303);
  });
  return routes;
}
