// The gateway's cookie jar for one upstream origin. The gateway is the PMS client, so session
// cookies belong to it, never to a tablet. Owns parsing Set-Cookie (name, value, Path, Expires,
// Max-Age; Max-Age wins over Expires) and choosing the Cookie header for a request URL (RFC 6265
// path matching, longer paths first). Domain is ignored: a jar serves exactly one origin, so every
// cookie is host-only. Secure, HttpOnly and SameSite do not apply to a server-side client.

/** A misbehaving upstream cannot grow the jar without bound; the oldest cookie goes first. */
const MAX_COOKIES = 50;

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  /** Milliseconds since the epoch; undefined: a session cookie, kept while the gateway runs. */
  expiresAt: number | undefined;
}

export class CookieJar {
  /** Keyed by path and name; Map order is creation order, which a replaced cookie keeps. */
  private readonly cookies = new Map<string, StoredCookie>();

  /** Takes the Set-Cookie headers of a response to `requestUrl`. */
  store(setCookieHeaders: readonly string[], requestUrl: URL, now = Date.now()): void {
    for (const header of setCookieHeaders) {
      const cookie = parseSetCookie(header, requestUrl, now);
      if (!cookie) continue;
      const key = `${cookie.path}\n${cookie.name}`;
      if (cookie.expiresAt !== undefined && cookie.expiresAt <= now) {
        this.cookies.delete(key);
        continue;
      }
      this.cookies.set(key, cookie);
      if (this.cookies.size > MAX_COOKIES) {
        const oldest = this.cookies.keys().next().value;
        if (oldest !== undefined) this.cookies.delete(oldest);
      }
    }
  }

  /** The Cookie header for a request to `url`, or undefined when no cookie applies. */
  header(url: URL, now = Date.now()): string | undefined {
    const matching: StoredCookie[] = [];
    for (const [key, cookie] of this.cookies) {
      if (cookie.expiresAt !== undefined && cookie.expiresAt <= now) {
        this.cookies.delete(key);
      } else if (pathMatches(url.pathname, cookie.path)) {
        matching.push(cookie);
      }
    }
    if (matching.length === 0) return undefined;
    matching.sort((a, b) => b.path.length - a.path.length); // stable: equal paths keep creation order
    return matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  }
}

function parseSetCookie(header: string, requestUrl: URL, now: number): StoredCookie | undefined {
  const [nameValue = '', ...attributes] = header.split(';');
  const equals = nameValue.indexOf('=');
  if (equals < 0) return undefined;
  const name = nameValue.slice(0, equals).trim();
  const value = nameValue.slice(equals + 1).trim();
  if (name === '') return undefined;

  let path: string | undefined;
  let maxAgeExpiry: number | undefined;
  let expires: number | undefined;
  for (const attribute of attributes) {
    const attributeEquals = attribute.indexOf('=');
    const attributeName = (attributeEquals < 0 ? attribute : attribute.slice(0, attributeEquals))
      .trim()
      .toLowerCase();
    const attributeValue = attributeEquals < 0 ? '' : attribute.slice(attributeEquals + 1).trim();
    if (attributeName === 'path' && attributeValue.startsWith('/')) {
      path = attributeValue;
    } else if (attributeName === 'max-age' && /^-?\d+$/.test(attributeValue)) {
      const seconds = Number(attributeValue);
      maxAgeExpiry = seconds <= 0 ? 0 : now + seconds * 1000;
    } else if (attributeName === 'expires') {
      const parsed = Date.parse(attributeValue);
      if (!Number.isNaN(parsed)) expires = parsed;
    }
  }
  return {
    name,
    value,
    path: path ?? defaultPath(requestUrl.pathname),
    expiresAt: maxAgeExpiry ?? expires,
  };
}

/** RFC 6265 5.1.4: the request path's directory. */
function defaultPath(requestPath: string): string {
  const lastSlash = requestPath.lastIndexOf('/');
  return lastSlash <= 0 ? '/' : requestPath.slice(0, lastSlash);
}

/** RFC 6265 5.1.4: the cookie path is the request path or a directory above it. */
function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}
