// The web app manifest in the language of the tablet that installs the till: the built
// manifest.webmanifest (icons, colours, scope) with `lang`, names and description in German or
// English, chosen by `?lang=` then Accept-Language (as the setup page chooses). The service worker
// leaves it out of its precache, so the browser always gets it from here.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Hono } from 'hono';
import { chooseLanguage } from '../setup/setup-texts.ts';

const MANIFEST_TEXTS = {
  en: {
    name: 'Hotel Till',
    short_name: 'Till',
    description: 'Offline-first cash register for the bar, restaurant and minibar.',
  },
  de: {
    name: 'Hotel Till – Kasse',
    short_name: 'Kasse',
    description: 'Kasse für Bar, Restaurant und Minibar, die auch ohne Netz weiterkassiert.',
  },
} as const;

/**
 * Serves `GET /manifest.webmanifest` from the build in `dir` in the request's language; nothing
 * when the build has no manifest.
 * @example serveWebManifest(app, 'dist');
 */
export function serveWebManifest(app: Hono, dir: string): void {
  const file = join(resolve(dir), 'manifest.webmanifest');
  if (!existsSync(file)) return;
  const built = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  app.get('/manifest.webmanifest', (c) => {
    const lang = chooseLanguage(c.req.query('lang'), c.req.header('accept-language'));
    c.header('Content-Language', lang);
    c.header('Vary', 'Accept-Language');
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'application/manifest+json; charset=utf-8');
    return c.body(JSON.stringify({ ...built, ...MANIFEST_TEXTS[lang], lang }));
  });
}
