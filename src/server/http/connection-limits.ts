// Connection limits of the listening servers (issue 20): at most PER_ADDRESS open connections from one
// address, all connections kept under the process's file-descriptor limit, and the timeouts that cut
// slow callers (HANDSHAKE_TIMEOUT_MS for listen.ts). Off per address behind a reverse proxy.
// Figures and why: docs/operations.md, "Connections"; docs/security.md.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { triesAddress } from '../hub/wrong-tries.ts';

/** Open connections one address may hold: a tablet uses a handful, a browser at most 6 per host. */
export const PER_ADDRESS = 64;
/** Descriptors kept free of connections: databases, log, certificate files, the PMS's sockets. */
const DESCRIPTORS_KEPT = 128;
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const HANDSHAKE_TIMEOUT_MS = 10_000;

/** The soft limit of open files of this process (Linux: /proc/self/limits), or undefined elsewhere. */
export function openFilesLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (!line) return undefined;
    return line[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(line[1]);
  } catch {
    return undefined;
  }
}

export interface ConnectionGuardOptions {
  /** Per address; default PER_ADDRESS. Infinity behind a proxy. */
  perAddress?: number;
  /** All connections together; default the descriptor limit less DESCRIPTORS_KEPT (at least 64). */
  total?: number;
}

export type ConnectionGuard = ReturnType<typeof createConnectionGuard>;

/** One count of connections shared by the servers it guards. */
export function createConnectionGuard(options: ConnectionGuardOptions = {}) {
  const perAddress = options.perAddress ?? PER_ADDRESS;
  const limit = openFilesLimit() ?? 1024;
  const total = options.total ?? Math.max(64, Math.min(limit - DESCRIPTORS_KEPT, 1_000_000));
  const open = new Map<string, number>();
  let all = 0;
  let refused = 0;

  const admit = (socket: Socket) => {
    const address = triesAddress(socket.remoteAddress ?? '');
    const mine = open.get(address) ?? 0;
    if (mine >= perAddress || all >= total) {
      refused += 1;
      socket.destroy();
      return;
    }
    open.set(address, mine + 1);
    all += 1;
    socket.once('close', () => {
      all -= 1;
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  };

  return {
    /** Limits `server`'s connections and sets its timeouts. */
    guard(server: Server): void {
      server.headersTimeout = HEADERS_TIMEOUT_MS;
      server.requestTimeout = REQUEST_TIMEOUT_MS;
      server.keepAliveTimeout = 5_000;
      // Before the TLS handshake and before Node reads a byte: the raw TCP socket.
      server.prependListener('connection', admit);
    },
    /** Connections open now, and refused so far (for the log and tests). */
    counts: () => ({ open: all, refused, total, perAddress }),
  };
}
