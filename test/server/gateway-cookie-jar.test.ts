// The gateway's cookie jar keeps what the PMS sets and sends it back where it applies, until it
// expires (RFC 6265 path matching, Max-Age over Expires).
import { describe, expect, it } from 'vitest';
import { CookieJar } from '../../src/server/gateway/cookie-jar.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const pms = (path: string) => new URL(`https://pms.example.com${path}`);

describe('the cookie jar', () => {
  it('sends a cookie under its path only, not under a path that merely starts alike', () => {
    const jar = new CookieJar();
    jar.store(['sid=1; Path=/api/set'], pms('/api/get/x'), NOW);
    expect(jar.header(pms('/api/set'), NOW)).toBe('sid=1');
    expect(jar.header(pms('/api/set/add/products'), NOW)).toBe('sid=1');
    expect(jar.header(pms('/api/settings'), NOW)).toBeUndefined();
    expect(jar.header(pms('/api/get/x'), NOW)).toBeUndefined();
  });

  it('replaces a cookie of the same name and path, keeping its place', () => {
    const jar = new CookieJar();
    jar.store(['a=1; Path=/', 'b=2; Path=/', 'a=3; Path=/'], pms('/'), NOW);
    expect(jar.header(pms('/api'), NOW)).toBe('a=3; b=2');
  });

  it('forgets a cookie when Expires has passed, and lets Max-Age win over Expires', () => {
    const jar = new CookieJar();
    jar.store(
      [
        'old=1; Path=/; Expires=Sun, 01 Mar 2026 11:59:59 GMT',
        'kept=2; Path=/; Max-Age=60; Expires=Sun, 01 Mar 2026 11:00:00 GMT',
        'dated=3; Path=/; Expires=Sun, 01 Mar 2026 12:00:30 GMT',
      ],
      pms('/'),
      NOW,
    );
    expect(jar.header(pms('/'), NOW)).toBe('kept=2; dated=3');
    expect(jar.header(pms('/'), NOW + 45_000)).toBe('kept=2');
    expect(jar.header(pms('/'), NOW + 61_000)).toBeUndefined();
  });

  it('keeps a session cookie and removes it when the upstream expires it', () => {
    const jar = new CookieJar();
    jar.store(['PMSSESSION=abc=def; HttpOnly; Secure'], pms('/api/get/login'), NOW);
    expect(jar.header(pms('/api/get/other'), NOW + 86_400_000)).toBe('PMSSESSION=abc=def');
    jar.store(['PMSSESSION=; Path=/api/get; Max-Age=0'], pms('/api/get/logout'), NOW);
    expect(jar.header(pms('/api/get/other'), NOW)).toBeUndefined();
  });

  it('ignores a Set-Cookie without name=value', () => {
    const jar = new CookieJar();
    jar.store(['garbage', '=nameless; Path=/'], pms('/'), NOW);
    expect(jar.header(pms('/'), NOW)).toBeUndefined();
  });
});
