// A card terminal double for tests and the demo: a TCP server on the loopback that speaks ZVT as a
// terminal does (acks, status texts, the result with card data, print lines when registered so,
// completion; it waits for the till's ACK after each APDU). Its journal (trace and receipt numbers,
// totals since end-of-day) shows how often a card was really charged, and with a `stateFile` it
// outlives a restart. The next payment does what `next()` set, else what the amount's cents say
// (docs/zvt.md, "The terminal double").
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import {
  ACK,
  bmp,
  completion,
  intermediateStatus,
  printLine,
  statusInformation,
  terminalAbort,
  textBytes,
} from './zvt-apdu.ts';
import { fromBcd, toBcd } from './zvt-fields.ts';
import { CARD_FAMILIES, readBmps, takeApdu } from './zvt-parse.ts';

/** 'unplug': charges, drops the line, and takes no connection until `plugIn()` (a terminal gone mid-payment). */
export type DoubleBehaviour = 'approve' | 'decline' | 'pin' | 'timeout' | 'drop' | 'unplug' | 'tip';

/** One transaction the double booked (a charge, a reversal, a refund). */
export interface BookedTransaction {
  kind: 'payment' | 'reversal' | 'refund';
  amountCents: number;
  tipCents: number;
  traceNumber: number;
  receiptNumber: number;
  reversed: boolean;
  at: Date;
}

export interface TerminalDoubleOptions {
  /** Pause between status texts (ms); default 150. */
  stepMs?: number;
  /** The tip a guest types on the terminal in 'tip' mode (cents); default 200. */
  tipCents?: number;
  /** How long 'pin' waits for the PIN before approving (ms); default 60 s (cancel first). */
  pinWaitMs?: number;
  terminalId?: string;
  /** Where the double keeps its journal (trace and receipt numbers, end-of-day) across restarts. */
  stateFile?: string;
}

/** The journal as kept in `stateFile`. */
interface DoubleState {
  trace: number;
  receipt: number;
  endOfDayFrom: number;
  journal: (Omit<BookedTransaction, 'at'> & { at: string })[];
}

function readState(file: string | undefined): DoubleState | undefined {
  if (!file) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DoubleState;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export const DOUBLE_TERMINAL_ID = '52500001';
const DOUBLE_PAN = Uint8Array.of(0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0x47, 0x71);
const CARD_NAME = 'Debit Mastercard';

/** The behaviour for an amount when none was set: by its cents (demo amounts, docs/zvt.md). */
export function behaviourOfAmount(cents: number): DoubleBehaviour {
  const table: Record<number, DoubleBehaviour> = {
    51: 'decline',
    52: 'pin',
    53: 'timeout',
    54: 'drop',
    55: 'tip',
  };
  return table[cents % 100] ?? 'approve';
}

export type TerminalDouble = Awaited<ReturnType<typeof startTerminalDouble>>;

export async function startTerminalDouble(options: TerminalDoubleOptions = {}) {
  const stepMs = options.stepMs ?? 150;
  const terminalId = options.terminalId ?? DOUBLE_TERMINAL_ID;
  const kept = readState(options.stateFile);
  const journal: BookedTransaction[] = (kept?.journal ?? []).map((tx) => ({ ...tx, at: new Date(tx.at) }));
  let trace = kept?.trace ?? 100;
  let receipt = kept?.receipt ?? 1;
  let endOfDayFrom = kept?.endOfDayFrom ?? 0;
  /** Writes the journal to `stateFile` (whole, then renamed: a crash leaves the old one). */
  const save = () => {
    if (!options.stateFile) return;
    const state: DoubleState = {
      trace,
      receipt,
      endOfDayFrom,
      journal: journal.map((tx) => ({ ...tx, at: tx.at.toISOString() })),
    };
    writeFileSync(`${options.stateFile}.new`, JSON.stringify(state));
    renameSync(`${options.stateFile}.new`, options.stateFile);
  };
  const queued: DoubleBehaviour[] = [];
  const received: Uint8Array[] = [];
  const sockets = new Set<Socket>();
  let printLines = false;
  let unplugged = false;

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const server: Server = createServer((socket) => {
    if (unplugged) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer: Uint8Array<ArrayBufferLike> = new Uint8Array();
    let ackWaiter: (() => void) | null = null;
    let abortWaiter: (() => void) | null = null;
    let busy = false;

    /** Sends an APDU and waits for the till's ACK (or the socket's end). */
    const send = (bytes: Uint8Array) =>
      new Promise<void>((resolve) => {
        if (socket.destroyed) return resolve();
        ackWaiter = resolve;
        socket.write(bytes);
      });
    socket.on('close', () => {
      const waiter = ackWaiter;
      ackWaiter = null;
      waiter?.();
      abortWaiter?.();
    });

    socket.on('data', (chunk) => {
      buffer = concatBytes(buffer, chunk);
      for (let taken = takeApdu(buffer); taken; taken = takeApdu(buffer)) {
        buffer = taken.rest;
        const [cls, instr] = taken.apdu.control;
        const data = taken.apdu.data;
        if (cls === 0x80 && instr === 0x00) {
          const waiter = ackWaiter;
          ackWaiter = null;
          waiter?.();
          continue;
        }
        received.push(Uint8Array.from([cls, instr, data.length, ...data]));
        if (cls === 0x06 && instr === 0xb0) {
          socket.write(ACK);
          abortWaiter?.();
          continue;
        }
        if (busy) continue; // one command at a time, as a terminal
        busy = true;
        handle(cls, instr, data).finally(() => {
          busy = false;
        });
      }
    });

    const result = (tx: BookedTransaction, code = 0) =>
      statusInformation(
        bmp(0x27, Uint8Array.of(code)),
        bmp(0x04, toBcd(tx.amountCents + tx.tipCents, 6)),
        bmp(0x0b, toBcd(tx.traceNumber, 3)),
        bmp(0x0c, toBcd(Number(tx.at.toISOString().slice(11, 19).replaceAll(':', '')), 3)),
        bmp(0x0d, toBcd(Number(tx.at.toISOString().slice(5, 10).replace('-', '')), 2)),
        bmp(0x0e, toBcd(2812, 2)),
        bmp(0x22, DOUBLE_PAN),
        bmp(0x29, toBcd(Number(terminalId), 4)),
        bmp(0x49, toBcd(978, 2)),
        bmp(0x87, toBcd(tx.receiptNumber, 2)),
        bmp(0x8a, Uint8Array.of(0x06)),
        bmp(0x8b, textBytes(CARD_NAME)),
      );

    const slip = async (tx: BookedTransaction, title: string) => {
      if (!printLines) return;
      const lines = [
        title,
        `Terminal-ID: ${terminalId}`,
        `Trace-Nr: ${String(tx.traceNumber).padStart(6, '0')}`,
        `Beleg-Nr: ${String(tx.receiptNumber).padStart(4, '0')}`,
        `${CARD_NAME}  ************4771`,
        `BETRAG EUR ${((tx.amountCents + tx.tipCents) / 100).toFixed(2).replace('.', ',')}`,
      ];
      if (tx.tipCents > 0)
        lines.push(`davon Trinkgeld EUR ${(tx.tipCents / 100).toFixed(2).replace('.', ',')}`);
      for (const line of lines) await send(printLine(0x00, line));
      await send(printLine(0x81, ''));
    };

    const book = (
      kind: BookedTransaction['kind'],
      amountCents: number,
      tipCents: number,
    ): BookedTransaction => {
      trace += 1;
      receipt += 1;
      const tx = {
        kind,
        amountCents,
        tipCents,
        traceNumber: trace,
        receiptNumber: receipt,
        reversed: false,
        at: new Date(),
      };
      journal.push(tx);
      save();
      return tx;
    };

    const waitForPinOrAbort = (ms: number) =>
      new Promise<'pin' | 'abort'>((resolve) => {
        const timer = setTimeout(() => resolve('pin'), ms);
        abortWaiter = () => {
          clearTimeout(timer);
          resolve('abort');
        };
      }).finally(() => {
        abortWaiter = null;
      });

    async function payment(amountCents: number) {
      const behaviour = queued.shift() ?? behaviourOfAmount(amountCents);
      socket.write(ACK);
      if (behaviour === 'timeout') return; // acknowledged, then silence
      await sleep(stepMs);
      await send(intermediateStatus(0x0a)); // insert card
      let tipCents = 0;
      if (behaviour === 'tip') {
        await sleep(stepMs);
        await send(intermediateStatus(0x00)); // amount confirmation: the guest adds a tip
        tipCents = options.tipCents ?? 200;
      }
      await sleep(stepMs);
      await send(intermediateStatus(0x01)); // PIN entry
      if (behaviour === 'pin') {
        if ((await waitForPinOrAbort(options.pinWaitMs ?? 60_000)) === 'abort') {
          await send(statusInformation(bmp(0x27, Uint8Array.of(0x6c)), bmp(0x3c, textBytes('Abbruch'))));
          await send(terminalAbort(0x6c));
          return;
        }
      } else await sleep(stepMs);
      await send(intermediateStatus(0x0e)); // please wait
      await sleep(stepMs);
      if (behaviour === 'decline') {
        await send(
          statusInformation(
            bmp(0x27, Uint8Array.of(0x05)),
            bmp(0x29, toBcd(Number(terminalId), 4)),
            bmp(0x3c, textBytes('Abgelehnt')),
          ),
        );
        await send(terminalAbort(0x05));
        return;
      }
      const tx = book('payment', amountCents, tipCents);
      if (behaviour === 'unplug') unplugged = true;
      if (behaviour === 'drop' || behaviour === 'unplug') {
        socket.destroy(); // charged, and the line goes dead before the till hears of it
        return;
      }
      await send(result(tx));
      await slip(tx, 'KARTENZAHLUNG');
      await send(completion());
    }

    async function handle(cls: number, instr: number, data: Uint8Array) {
      const fields = (from: number) => readBmps(data, from);
      if (cls === 0x06 && instr === 0x00) {
        printLines = ((data[3] ?? 0) & 0x80) !== 0;
        socket.write(ACK);
        await send(completion());
      } else if (cls === 0x06 && instr === 0x01) {
        await payment(fromBcd(fields(0).get(0x04) ?? new Uint8Array()));
      } else if (cls === 0x05 && instr === 0x01) {
        socket.write(ACK);
        await send(statusInformation(bmp(0x27, Uint8Array.of(0)), bmp(0x29, toBcd(Number(terminalId), 4))));
        await send(completion());
      } else if (cls === 0x06 && instr === 0x20) {
        socket.write(ACK);
        const last = journal.at(-1);
        if (!last) return void (await send(terminalAbort(0x83)));
        await send(result(last));
        await send(completion());
      } else if (cls === 0x06 && instr === 0x30) {
        socket.write(ACK);
        const wanted = fromBcd(fields(3).get(0x87) ?? new Uint8Array());
        const original = journal.findLast((tx) => tx.kind === 'payment');
        if (!original || original.receiptNumber !== wanted) return void (await send(terminalAbort(0xb5)));
        if (original.reversed) return void (await send(terminalAbort(0xb4)));
        original.reversed = true;
        const tx = book('reversal', original.amountCents, original.tipCents);
        await send(result(tx));
        await slip(tx, 'STORNO');
        await send(completion());
      } else if (cls === 0x06 && instr === 0x31) {
        socket.write(ACK);
        const tx = book('refund', fromBcd(fields(3).get(0x04) ?? new Uint8Array()), 0);
        await send(result(tx));
        await slip(tx, 'GUTSCHRIFT');
        await send(completion());
      } else if (cls === 0x06 && instr === 0x50) {
        socket.write(ACK);
        const since = journal.slice(endOfDayFrom);
        endOfDayFrom = journal.length;
        save();
        await send(endOfDayResult(since, terminalId));
        await send(completion());
      } else {
        socket.write(Uint8Array.of(0x84, 0x83, 0x00)); // function not possible
      }
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  return {
    host: '127.0.0.1',
    port,
    /** What the next payments do, in order (then by amount again). */
    next(...behaviours: DoubleBehaviour[]) {
      queued.push(...behaviours);
    },
    /** Takes connections again after 'unplug'. */
    plugIn() {
      unplugged = false;
    },
    /** Every transaction the double booked: a charge the till never heard of is here too. */
    journal: (): readonly BookedTransaction[] => journal,
    /** Payments booked and not reversed. */
    charges: () => journal.filter((tx) => tx.kind === 'payment' && !tx.reversed),
    /** Every command the till sent (bytes), for tests of what went over the wire. */
    received: (): readonly Uint8Array[] => received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The end-of-day answer: the sum, and BMP 60 with every payment counted as the double's one card (Mastercard: "eurocard"). */
function endOfDayResult(since: readonly BookedTransaction[], terminalId: string): Uint8Array {
  const sign = (tx: BookedTransaction) => (tx.kind === 'payment' ? 1 : -1);
  const counted = since.filter(
    (tx) => tx.kind === 'payment' || tx.kind === 'refund' || tx.kind === 'reversal',
  );
  const total = counted.reduce((sum, tx) => sum + sign(tx) * (tx.amountCents + tx.tipCents), 0);
  const payments = since.filter((tx) => tx.kind === 'payment');
  const families = CARD_FAMILIES.map((family) =>
    family === 'eurocard' ? { count: payments.length, cents: Math.max(0, total) } : { count: 0, cents: 0 },
  );
  const receipts = since.map((tx) => tx.receiptNumber);
  const totals = Uint8Array.from([
    ...toBcd(receipts[0] ?? 0, 2),
    ...toBcd(receipts.at(-1) ?? 0, 2),
    ...families.flatMap((entry) => [Math.min(entry.count, 255), ...toBcd(entry.cents, 6)]),
  ]);
  return statusInformation(
    bmp(0x27, Uint8Array.of(0)),
    bmp(0x04, toBcd(Math.max(0, total), 6)),
    bmp(0x29, toBcd(Number(terminalId), 4)),
    bmp(0x60, totals),
  );
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
