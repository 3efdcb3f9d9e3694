// A network thermal printer for tests and the demo: a TCP server on the loopback that takes
// ESC/POS as a raw port-9100 printer does, keeps what it printed (decoded, escpos-decoder.ts, and
// the raw bytes), and answers DLE EOT status requests. It can be switched off (connections are
// refused: closed at once), have its cover open or run out of paper (it then answers the status
// and prints nothing, as a stopped printer does).
import { createServer, type Server, type Socket } from 'node:net';
import { createDecoder, type Slip } from './escpos-decoder.ts';
import { type PrinterCondition, statusByte } from './printer-status.ts';

export type DoubleState = PrinterCondition | 'off';

export interface PrintedSlip extends Slip {
  /** When its last byte arrived (performance.now(), for the benchmark; Date for the picture). */
  at: number;
  printedAt: string;
}

export interface PrinterDouble {
  host: string;
  port: number;
  /** Every slip printed so far, oldest first. */
  readonly printed: readonly PrintedSlip[];
  /** Every byte received, including status requests. */
  bytes(): Uint8Array;
  state(): DoubleState;
  setState(state: DoubleState): void;
  /** Slips printed since the start or the last clear (`printed` keeps only the latest). */
  count(): number;
  /** Resolves once `count` slips in all have been printed (or rejects after `timeoutMs`). */
  waitForSlips(count: number, timeoutMs?: number): Promise<readonly PrintedSlip[]>;
  clear(): void;
  close(): Promise<void>;
}

/** Most slips the double keeps (the demo runs for days). */
const KEPT_SLIPS = 200;

/**
 * Starts a printer double on 127.0.0.1 (`port` 0: a free one).
 * @example const printer = await startPrinterDouble(); printer.setState('paper_out');
 */
export async function startPrinterDouble(options: { port?: number } = {}): Promise<PrinterDouble> {
  let state: DoubleState = 'ok';
  const printed: PrintedSlip[] = [];
  let total = 0;
  const received: Buffer[] = [];
  const sockets = new Set<Socket>();
  let waiters: { count: number; resolve: () => void }[] = [];
  const settle = () => {
    waiters = waiters.filter((waiter) => {
      if (total < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  };

  const server: Server = createServer((socket) => {
    if (state === 'off') {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const decoder = createDecoder();
    let seen = 0;
    const keepNew = () => {
      const at = performance.now();
      for (const slip of decoder.slips.slice(seen)) {
        printed.push({ ...slip, at, printedAt: new Date().toISOString() });
        total += 1;
      }
      seen = decoder.slips.length;
      if (printed.length > KEPT_SLIPS) printed.splice(0, printed.length - KEPT_SLIPS);
      settle();
    };
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (state === 'off') {
        socket.destroy();
        return;
      }
      answerStatus(socket, chunk, state);
      // A stopped printer takes no paper: what it receives is dropped (as its buffer would be).
      if (state !== 'ok') return;
      decoder.push(chunk);
      keepNew();
    });
    socket.on('end', () => {
      if (state === 'ok') {
        decoder.end();
        keepNew();
      }
      socket.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    host: '127.0.0.1',
    port,
    printed,
    bytes: () => new Uint8Array(Buffer.concat(received)),
    state: () => state,
    count: () => total,
    setState(next) {
      state = next;
      if (next === 'off') for (const socket of sockets) socket.destroy();
    },
    waitForSlips(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the printer double printed ${total} slips, not ${count}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(printed);
          },
        });
        settle();
      });
    },
    clear() {
      printed.length = 0;
      total = 0;
      received.length = 0;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers each DLE EOT n in `chunk` with one status byte. */
function answerStatus(socket: Socket, chunk: Buffer, state: PrinterCondition): void {
  const answers: number[] = [];
  for (let i = 0; i + 2 < chunk.length; i += 1) {
    if (chunk[i] === 0x10 && chunk[i + 1] === 0x04) answers.push(statusByte(chunk[i + 2]!, state));
  }
  if (answers.length > 0) socket.write(Uint8Array.from(answers));
}
