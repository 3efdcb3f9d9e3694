// One ZVT command over TCP: connects to the terminal, sends the command, acknowledges every APDU
// the terminal sends (80 00 00), passes its status texts and print lines on as they come, and ends
// with the terminal's completion (06 0F), its abort (06 1E), a refusal (84 xx), silence past the
// timeout, or a lost connection. It decides nothing about payments (card-payments.ts does).
import { connect, type Socket } from 'node:net';
import { ACK, abortCommand } from './zvt-apdu.ts';
import {
  type DeclineReason,
  readTerminalMessage,
  type TerminalMessage,
  type TransactionResult,
  takeApdu,
} from './zvt-parse.ts';

/** Where a terminal listens. */
export interface TerminalAddress {
  host: string;
  port: number;
}

/** How a command ended. 'lost' and 'timeout' leave its outcome unknown. */
export type SessionEnd =
  | { ended: 'completion'; results: TransactionResult[]; lines: string[] }
  | { ended: 'abort'; code: number; reason: DeclineReason; results: TransactionResult[]; lines: string[] }
  | { ended: 'refused'; code: number }
  | { ended: 'unreachable' }
  | { ended: 'lost'; results: TransactionResult[]; lines: string[] }
  | { ended: 'timeout'; results: TransactionResult[]; lines: string[] };

export interface SessionOptions {
  /** Called with each status text, status information and print line as it arrives. */
  onMessage?: (message: TerminalMessage) => void;
  /** How long the terminal may stay silent (ms) before the outcome counts as unknown. Default 90 s
   * (a guest typing a PIN); each message from the terminal starts it again. */
  silenceMs?: number;
  /** How long connecting may take (ms). Default 3 s. */
  connectMs?: number;
}

export interface RunningCommand {
  done: Promise<SessionEnd>;
  /** Sends abort (06 B0) on the same connection; the terminal ends with 06 1E if it could stop. */
  abort(): void;
}

/**
 * Runs one command on the terminal.
 * @example const end = await runCommand({ host, port }, authorization({ amountCents: 1250 })).done;
 */
export function runCommand(
  address: TerminalAddress,
  command: Uint8Array,
  options: SessionOptions = {},
): RunningCommand {
  const silenceMs = options.silenceMs ?? 90_000;
  let socket: Socket | undefined;
  const done = new Promise<SessionEnd>((resolve) => {
    const results: TransactionResult[] = [];
    const lines: string[] = [];
    let buffer: Uint8Array<ArrayBufferLike> = new Uint8Array();
    let connected = false;
    let finished = false;
    let silence: NodeJS.Timeout | undefined;
    const finish = (end: SessionEnd) => {
      if (finished) return;
      finished = true;
      clearTimeout(silence);
      socket?.destroy();
      resolve(end);
    };
    const quietFor = (ms: number) => {
      clearTimeout(silence);
      silence = setTimeout(() => finish({ ended: 'timeout', results, lines }), ms);
    };
    const connectTimer = setTimeout(() => finish({ ended: 'unreachable' }), options.connectMs ?? 3000);
    socket = connect({ host: address.host, port: address.port });
    socket.setNoDelay(true);
    socket.on('connect', () => {
      connected = true;
      clearTimeout(connectTimer);
      quietFor(silenceMs);
      socket!.write(command);
    });
    socket.on('error', () => {
      clearTimeout(connectTimer);
      finish(connected ? { ended: 'lost', results, lines } : { ended: 'unreachable' });
    });
    socket.on('close', () => {
      clearTimeout(connectTimer);
      finish(connected ? { ended: 'lost', results, lines } : { ended: 'unreachable' });
    });
    socket.on('data', (chunk) => {
      const joined = new Uint8Array(buffer.length + chunk.length);
      joined.set(buffer, 0);
      joined.set(chunk, buffer.length);
      buffer = joined;
      for (let taken = takeApdu(buffer); taken && !finished; taken = takeApdu(buffer)) {
        buffer = taken.rest;
        const message = readTerminalMessage(taken.apdu);
        quietFor(silenceMs);
        if (message.kind === 'ack') continue;
        if (message.kind === 'nak') return finish({ ended: 'refused', code: message.code });
        socket!.write(ACK);
        if (message.kind === 'status') results.push(message.result);
        if (message.kind === 'printLine') lines.push(message.text);
        options.onMessage?.(message);
        if (message.kind === 'completion') {
          if (message.result) results.push(message.result);
          return finish({ ended: 'completion', results, lines });
        }
        if (message.kind === 'abort')
          return finish({ ended: 'abort', code: message.code, reason: message.reason, results, lines });
      }
    });
  });
  return {
    done,
    abort() {
      if (socket && !socket.destroyed) socket.write(abortCommand());
    },
  };
}
