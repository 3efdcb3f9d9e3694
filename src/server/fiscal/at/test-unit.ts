// The embedded TEST signature unit (not for lawful use; every receipt says TEST): a software P-256
// key in `DATA_DIR/rksv-test-unit.sqlite` signing the JWS input with ES256 (R||S), each receipt id
// once (a repeat of the same input answers the stored signature: a lost answer never makes a
// second one), and faults like the test TSE: down, timeout, lost-answer, defective, each for a
// number of calls or until cleared; `switchedOff` is the admin page's outage switch.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { chmodSync } from 'node:fs';
import Database from 'better-sqlite3';

export const TEST_UNIT_KEY_ID = 'K1';
export type UnitFault = 'down' | 'timeout' | 'lost-answer' | 'defective';

export class UnitError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'defective' | 'refused',
    message: string,
  ) {
    super(message);
    this.name = 'UnitError';
  }
}

export interface SignatureUnit {
  readonly keyId: string;
  /** base64 DER SubjectPublicKeyInfo. */
  publicKey(): string;
  /** The 64-byte ES256 signature of `signingInput` for this receipt id; throws UnitError. */
  sign(receiptId: string, signingInput: string, deadline: number): Promise<Buffer>;
  /** Whether the unit answers (probe during an outage). */
  probe(): Promise<boolean>;
}

export interface TestSignatureUnit extends SignatureUnit {
  faults: {
    set(fault: UnitFault, options?: { count?: number; delayMs?: number }): void;
    clear(): void;
  };
  /** The admin page's switch: off, the unit does not answer (an outage to try the till with). */
  switchedOff(): boolean;
  setSwitchedOff(off: boolean): void;
  /** How many signatures it made for a receipt id (0 or 1). */
  signaturesFor(receiptId: string): number;
  close(): void;
}

export function createTestSignatureUnit(options: { dbFile: string; testMode?: boolean }): TestSignatureUnit {
  const db = new Database(options.dbFile);
  if (options.dbFile !== ':memory:') chmodSync(options.dbFile, 0o600); // it holds the private key
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS unit_key (id INTEGER PRIMARY KEY CHECK (id = 1), private_key TEXT NOT NULL) STRICT;
CREATE TABLE IF NOT EXISTS unit_signature (receipt_id TEXT PRIMARY KEY, input TEXT NOT NULL, signature BLOB NOT NULL, at TEXT NOT NULL) STRICT;
CREATE TABLE IF NOT EXISTS unit_setting (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TRIGGER IF NOT EXISTS unit_signature_no_update BEFORE UPDATE ON unit_signature BEGIN SELECT RAISE(ABORT, 'append-only'); END;
CREATE TRIGGER IF NOT EXISTS unit_signature_no_delete BEFORE DELETE ON unit_signature BEGIN SELECT RAISE(ABORT, 'append-only'); END;`);
  let pem = (
    db.prepare('SELECT private_key FROM unit_key WHERE id = 1').get() as { private_key: string } | undefined
  )?.private_key;
  if (!pem) {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    db.prepare('INSERT INTO unit_key (id, private_key) VALUES (1, ?)').run(pem);
  }
  const privateKey = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
  const stored = db.prepare('SELECT input, signature FROM unit_signature WHERE receipt_id = ?');
  const store = db.prepare(
    'INSERT INTO unit_signature (receipt_id, input, signature, at) VALUES (?, ?, ?, ?)',
  );
  const setting = db.prepare('SELECT value FROM unit_setting WHERE key = ?');
  const saveSetting = db.prepare('INSERT OR REPLACE INTO unit_setting (key, value) VALUES (?, ?)');
  let fault: { fault: UnitFault; count: number | null; delayMs: number } | null = null;

  const takeFault = (): UnitFault | null => {
    if (!fault) return null;
    const kind = fault.fault;
    if (fault.count !== null && --fault.count <= 0) fault = null;
    return kind;
  };
  const off = () => (setting.get('switched_off') as { value: string } | undefined)?.value === '1';

  return {
    keyId: TEST_UNIT_KEY_ID,
    publicKey: () => publicKey,
    async sign(receiptId, signingInput, deadline) {
      if (off()) throw new UnitError('unreachable', 'the test signature unit is switched off');
      const delay = fault?.delayMs ?? 0;
      const now = takeFault();
      if (now === 'down') throw new UnitError('unreachable', 'the test signature unit does not answer');
      if (now === 'defective') throw new UnitError('defective', 'the test signature unit is defective');
      if (now === 'timeout') {
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(delay, Math.max(0, deadline - Date.now()))),
        );
        throw new UnitError('unreachable', 'the test signature unit timed out');
      }
      const kept = stored.get(receiptId) as { input: string; signature: Buffer } | undefined;
      let signature: Buffer;
      if (kept) {
        if (kept.input !== signingInput)
          throw new UnitError('refused', 'this receipt id was signed with other data');
        signature = kept.signature;
      } else {
        signature = sign('sha256', Buffer.from(signingInput, 'ascii'), {
          key: privateKey,
          dsaEncoding: 'ieee-p1363',
        });
        store.run(receiptId, signingInput, signature, new Date().toISOString());
      }
      if (now === 'lost-answer')
        throw new UnitError('unreachable', 'the answer of the test signature unit was lost');
      return signature;
    },
    async probe() {
      return !off() && fault?.fault !== 'down' && fault?.fault !== 'defective';
    },
    faults: {
      set(kind, opts = {}) {
        if (!options.testMode) throw new Error('faults need test mode');
        fault = { fault: kind, count: opts.count ?? null, delayMs: opts.delayMs ?? 5000 };
      },
      clear() {
        fault = null;
      },
    },
    switchedOff: off,
    setSwitchedOff: (value) => saveSetting.run('switched_off', value ? '1' : '0'),
    signaturesFor: (receiptId) => (stored.get(receiptId) ? 1 : 0),
    close: () => db.close(),
  };
}
