// One print attempt on a network printer's raw port: connect, read the state (DLE EOT), send the
// job only when it is ready, read the state again, close. Says how far it got, so the queue knows
// whether the job may be sent again (nothing was sent) or a person must decide (sent, but the
// printer did not confirm it by answering afterwards).
import { connect, type Socket } from 'node:net';
import { conditionOf, type PrinterCondition, STATUS_ANSWER_BYTES, STATUS_REQUEST } from './printer-status.ts';

export interface PrinterAddress {
  host: string;
  port: number;
}

export type AttemptOutcome =
  /** Sent, and the printer answered its status afterwards. `after`: that state. */
  | { kind: 'printed'; before: 'ok'; after: PrinterCondition }
  /** Nothing was sent: no connection, or no status answer. */
  | { kind: 'unreachable'; reason: string }
  /** Nothing was sent: the printer says it cannot print now. */
  | { kind: 'not_ready'; before: Exclude<PrinterCondition, 'ok'> }
  /** Sent in part or whole, then the connection failed: it may or may not be on paper. */
  | { kind: 'unsure'; reason: string }
  /** Nothing was sent: the printer was ready, but `beforeSend` said no (the job was given up). */
  | { kind: 'withdrawn' };

export interface SessionOptions {
  /** Connecting and each status answer. Default 3000 ms. */
  timeoutMs?: number;
  /** Called once the printer said it is ready, just before the job goes out; false: send nothing. */
  beforeSend?: () => boolean;
}

/**
 * Sends `job` (null: only reads the state) to the printer at `address`.
 * @example const outcome = await printOnce({ host: '192.168.1.50', port: 9100 }, bytes);
 */
export async function printOnce(
  address: PrinterAddress,
  job: Uint8Array | null,
  options: SessionOptions = {},
): Promise<AttemptOutcome> {
  const timeoutMs = options.timeoutMs ?? 3000;
  let socket: Socket;
  try {
    socket = await open(address, timeoutMs);
  } catch (error) {
    return { kind: 'unreachable', reason: (error as Error).message };
  }
  const reader = statusReader(socket);
  try {
    let before: PrinterCondition;
    try {
      before = await reader.read(timeoutMs);
    } catch (error) {
      return { kind: 'unreachable', reason: (error as Error).message };
    }
    if (before !== 'ok') return { kind: 'not_ready', before };
    if (!job) return { kind: 'printed', before, after: before };
    if (options.beforeSend && !options.beforeSend()) return { kind: 'withdrawn' };
    try {
      await write(socket, job);
      const after = await reader.read(timeoutMs);
      return { kind: 'printed', before, after };
    } catch (error) {
      return { kind: 'unsure', reason: (error as Error).message };
    }
  } finally {
    socket.end();
    socket.destroy();
  }
}

function open(address: PrinterAddress, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address.host, port: address.port });
    socket.setNoDelay(true);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no connection within the time allowed'));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function write(socket: Socket, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) {
      reject(new Error('the printer closed the connection'));
      return;
    }
    socket.write(bytes, (error) => (error ? reject(error) : resolve()));
  });
}

/** Sends STATUS_REQUEST and reads its answer bytes; a closed socket or silence rejects. */
function statusReader(socket: Socket) {
  let buffered: number[] = [];
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  socket.on('data', (chunk: Buffer) => {
    buffered.push(...chunk);
    wake?.();
  });
  const fail = (error: Error) => {
    failure ??= error;
    wake?.();
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('the printer closed the connection')));
  return {
    async read(timeoutMs: number): Promise<PrinterCondition> {
      buffered = [];
      await write(socket, STATUS_REQUEST);
      const deadline = Date.now() + timeoutMs;
      while (buffered.length < STATUS_ANSWER_BYTES) {
        if (failure) throw failure;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('the printer did not answer its status');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            wake = null;
            resolve();
          };
        });
      }
      const condition = conditionOf(Uint8Array.from(buffered.slice(-STATUS_ANSWER_BYTES)));
      if (!condition) throw new Error('the printer answered something other than its status');
      return condition;
    },
  };
}
