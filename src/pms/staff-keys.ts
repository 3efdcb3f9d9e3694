// Each staff member's signing key, sealed under their PIN. Owns the one scheme the tablet and the
// till server share (Web Crypto, in browsers and in Node 20 alike): the server makes an ECDSA P-256
// key pair when a PIN is set, seals the private key with AES-GCM under PBKDF2(PIN, salt) and keeps
// only the public key. A tablet keeps the sealed key: opening it is the offline PIN check (a wrong
// PIN fails the AES-GCM tag), and the opened key signs that staff member's approvals, which the
// server checks with the public key. The PIN itself is never stored or sent.

/** PBKDF2-SHA-256 rounds: about 0.1–0.3 s on a tablet, so each guess at a copied sealed key costs as much. */
export const PIN_KEY_ROUNDS = 300_000;

/** A private key sealed under a PIN; every field base64url. */
export interface SealedKey {
  salt: string;
  iv: string;
  sealed: string;
  rounds: number;
}

/** PINs are 4 to 6 digits. */
export const PIN_PATTERN = /^\d{4,6}$/;

const SIGNING = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNATURE = { name: 'ECDSA', hash: 'SHA-256' } as const;

export function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function pinKey(pin: string, salt: Uint8Array<ArrayBuffer>, rounds: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: rounds },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

/** A new key pair for a staff member: the public key (SPKI, base64url) and the private key sealed under `pin`. */
export async function sealNewStaffKey(
  pin: string,
  rounds = PIN_KEY_ROUNDS,
): Promise<{ publicKey: string; sealedKey: SealedKey }> {
  const pair = await crypto.subtle.generateKey(SIGNING, true, ['sign', 'verify']);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.wrapKey('pkcs8', pair.privateKey, await pinKey(pin, salt, rounds), {
    name: 'AES-GCM',
    iv,
  });
  const publicKey = await crypto.subtle.exportKey('spki', pair.publicKey);
  return {
    publicKey: toBase64Url(publicKey),
    sealedKey: { salt: toBase64Url(salt), iv: toBase64Url(iv), sealed: toBase64Url(sealed), rounds },
  };
}

/** The signing key sealed under `pin`, or null when `pin` is not the one it was sealed with. */
export async function openStaffKey(pin: string, sealedKey: SealedKey): Promise<CryptoKey | null> {
  try {
    const key = await pinKey(pin, fromBase64Url(sealedKey.salt), sealedKey.rounds);
    return await crypto.subtle.unwrapKey(
      'pkcs8',
      fromBase64Url(sealedKey.sealed),
      key,
      { name: 'AES-GCM', iv: fromBase64Url(sealedKey.iv) },
      SIGNING,
      false,
      ['sign'],
    );
  } catch {
    return null;
  }
}

/** Signs `text` (UTF-8); the signature is base64url of IEEE P1363 r‖s, as Web Crypto gives it. */
export async function signText(key: CryptoKey, text: string): Promise<string> {
  return toBase64Url(await crypto.subtle.sign(SIGNATURE, key, new TextEncoder().encode(text)));
}

/** Whether `signature` over `text` was made by the private key of `publicKey` (SPKI, base64url). */
export async function verifyText(publicKey: string, text: string, signature: string): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey('spki', fromBase64Url(publicKey), SIGNING, false, ['verify']);
    return await crypto.subtle.verify(
      SIGNATURE,
      key,
      fromBase64Url(signature),
      new TextEncoder().encode(text),
    );
  } catch {
    return false;
  }
}

/**
 * A signed approval: `base64url(JSON of the approval).signature`, signed by the manager's key. The
 * approval's shape is ApprovalSchema (staff-calls.ts, where the server reads it back); kept here,
 * without the schema, so the page's first screen loads no validation code for it.
 */
export async function signApproval(managerKey: CryptoKey, approval: object): Promise<string> {
  const payload = toBase64Url(new TextEncoder().encode(JSON.stringify(approval)));
  return `${payload}.${await signText(managerKey, payload)}`;
}
