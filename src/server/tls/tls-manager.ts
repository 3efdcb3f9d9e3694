// The key and certificate the HTTPS server serves. Owns: loading or creating the hotel CA, loading
// or (re)issuing the server certificate at start, checking for renewal and for changed names and
// addresses on a timer and telling
// listeners (the caller swaps them in with `httpsServer.setSecureContext`); or, with TLS_CERT and
// TLS_KEY, the hotel's own certificate as it is (no CA, no renewal).
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { serverLog } from '../../node-http/log.ts';
import { type CaCertificate, loadOrCreateCertificateAuthority } from './certificate-authority.ts';
import { ensureDir } from './files.ts';
import {
  issueServerCertificate,
  loadServerCertificate,
  renewalReason,
  type ServerCertificate,
  type ServerNames,
  saveServerCertificate,
} from './server-certificate.ts';

export interface TlsKeyAndCert {
  key: string;
  cert: string;
}

export interface TlsManager {
  readonly key: string;
  readonly cert: string;
  /** null with the hotel's own certificate */
  readonly ca: CaCertificate | null;
  readonly notAfter: Date;
  onRenewed(listener: (renewed: TlsKeyAndCert) => void): void;
  /** Reissues the server certificate when due; true when it did. */
  checkRenewal(): Promise<boolean>;
  stop(): void;
}

export interface TlsManagerOptions {
  /** `<dataDir>/tls`: the CA and the server certificate live here. */
  dir: string;
  /** The names and addresses the certificate must cover, asked again at every check (a LAN address
   * that changes is covered from the next check on). */
  names: () => ServerNames;
  now?: () => Date;
  /** How often to check for renewal and changed names; default 5 minutes. */
  renewCheckMs?: number;
}

/** Cheap: a check compares dates and names, and issues only when one of them says so. */
const DEFAULT_RENEW_CHECK_MS = 5 * 60 * 1000;

export async function createTlsManager(options: TlsManagerOptions): Promise<TlsManager> {
  const { dir } = options;
  const now = options.now ?? (() => new Date());
  ensureDir(dir);
  const ca = await loadOrCreateCertificateAuthority(dir, { now });
  const listeners: Array<(renewed: TlsKeyAndCert) => void> = [];

  async function issueIfDue(existing: ServerCertificate | undefined): Promise<ServerCertificate | null> {
    const names = options.names();
    if (renewalReason(existing, ca, names, now()) === null) return null;
    const issued = await issueServerCertificate(ca, names, now());
    saveServerCertificate(dir, issued);
    return issued;
  }

  const loaded = loadServerCertificate(dir);
  let current: ServerCertificate = (await issueIfDue(loaded)) ?? (loaded as ServerCertificate);
  let inFlight: Promise<boolean> | undefined;

  async function renew(): Promise<boolean> {
    const issued = await issueIfDue(current);
    if (issued === null) return false;
    current = issued;
    for (const listener of listeners) {
      try {
        listener({ key: issued.key, cert: issued.cert });
      } catch (error) {
        serverLog().error({ component: 'tls', err: error }, 'a listener for the renewed certificate failed');
      }
    }
    return true;
  }

  const manager: TlsManager = {
    get key() {
      return current.key;
    },
    get cert() {
      return current.cert;
    },
    ca: ca.certificate,
    get notAfter() {
      return current.notAfter;
    },
    onRenewed(listener) {
      listeners.push(listener);
    },
    checkRenewal() {
      inFlight ??= renew().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    stop() {
      clearInterval(timer);
    },
  };
  const timer = setInterval(() => {
    manager.checkRenewal().catch((error: unknown) => {
      serverLog().error(
        { component: 'tls', err: error },
        'renewing the server certificate failed; will try again',
      );
    });
  }, options.renewCheckMs ?? DEFAULT_RENEW_CHECK_MS);
  timer.unref();
  return manager;
}

/**
 * The hotel's own certificate from TLS_CERT and TLS_KEY (PEM files; the certificate file may hold
 * the chain). Throws an Error naming the variable when a file is missing or unreadable, or the key
 * is not the certificate's.
 */
export function loadOwnCertificate(certFile: string, keyFile: string): TlsManager {
  const cert = readSetting('TLS_CERT', certFile);
  const key = readSetting('TLS_KEY', keyFile);
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(cert);
  } catch {
    throw new Error(`TLS_CERT: ${certFile} holds no PEM certificate`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new Error(`TLS_KEY: ${keyFile} holds no readable private key (PEM, not encrypted)`);
  }
  if (!leaf.checkPrivateKey(privateKey)) {
    throw new Error(
      `TLS_KEY (${keyFile}) is not the private key of the certificate in TLS_CERT (${certFile})`,
    );
  }
  return {
    key,
    cert,
    ca: null,
    notAfter: new Date(leaf.validTo),
    onRenewed() {},
    checkRenewal: async () => false,
    stop() {},
  };
}

function readSetting(variable: 'TLS_CERT' | 'TLS_KEY', file: string): string {
  if (file.trim() === '') throw new Error(`${variable} is not set (both TLS_CERT and TLS_KEY are needed)`);
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Error(`${variable}: cannot read ${file} (${code})`);
  }
}
