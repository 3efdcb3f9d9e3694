// Per-device signing keys of staff. When a PIN is set, the server keeps the PIN's PBKDF2 key (the
// AES key a tablet derives from the PIN to open its card, pms/staff-keys.ts) instead of one shared
// sealed key; for each paired device it then makes that staff member a key pair of their own and
// seals its private key under that PBKDF2 key. A tablet's card opens with the PIN as before, but
// what it opens signs approvals for that one device only: the server checks an approval with the
// public key of the device it names. Copying one tablet gives at most that tablet's keys.
import { fromBase64Url, type SealedKey, toBase64Url } from '../../pms/staff-keys.ts';

const SIGNING = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/** What the server keeps of a PIN for sealing device keys: its PBKDF2 key, salt and rounds. */
export interface PinWrapKey {
  wrapKey: string;
  salt: string;
  rounds: number;
}

/**
 * The PBKDF2-SHA-256 key of `pin` (256 bits, a new salt), the key a tablet derives to open a card.
 * @example const kept = await derivePinWrapKey('9999', 300_000);
 */
export async function derivePinWrapKey(pin: string, rounds: number): Promise<PinWrapKey> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: rounds },
    material,
    256,
  );
  return { wrapKey: toBase64Url(bits), salt: toBase64Url(salt), rounds };
}

/**
 * A new key pair for one staff member on one device: the public key (SPKI, base64url) and the
 * private key sealed as the tablet opens it (AES-GCM under the PIN's PBKDF2 key).
 * @example const { publicKey, sealedKey } = await sealDeviceKey(kept);
 */
export async function sealDeviceKey(pin: PinWrapKey): Promise<{ publicKey: string; sealedKey: SealedKey }> {
  const pair = await crypto.subtle.generateKey(SIGNING, true, ['sign', 'verify']);
  const wrapping = await crypto.subtle.importKey('raw', fromBase64Url(pin.wrapKey), 'AES-GCM', false, [
    'wrapKey',
  ]);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.wrapKey('pkcs8', pair.privateKey, wrapping, { name: 'AES-GCM', iv });
  return {
    publicKey: toBase64Url(await crypto.subtle.exportKey('spki', pair.publicKey)),
    sealedKey: { salt: pin.salt, iv: toBase64Url(iv), sealed: toBase64Url(sealed), rounds: pin.rounds },
  };
}
