// Random ids for tickets and ticket lines. `crypto.randomUUID` exists only in secure contexts;
// `getRandomValues` everywhere, so this works on a till opened over plain http on the hotel LAN.

/**
 * A random id of 20 base-36 characters.
 * @example const id = newId(); // 'k3v9x0q2...'
 */
export function newId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('') + Date.now().toString(36).slice(-4);
}
