// The server's log (pino): JSON lines on stdout, human-readable (pino-pretty) only when stdout is a
// terminal. Never logs a request or response body, a query string, or a header's value but the
// request id. Two nets behind that rule: fields named like secrets or personal data are censored
// (at the top level and in the usual containers), and the values of the server's own keys (PMS and test-hotel keys, the admin
// key) are blanked out of every line before it is written. Modules log through serverLog(); main.ts
// puts the configured logger in place with useServerLog().
import pino, { type DestinationStream, type Level, type Logger } from 'pino';

export type { Logger };

const CENSOR = '[redacted]';
/** Field names whose values never reach the log, at the top level or in one of CONTAINERS. */
const SECRET_FIELDS = [
  'cookie',
  'authorization',
  'x-ibelsa-key',
  'x-ibelsa-system-key',
  'apiKey',
  'systemKey',
  'adminKey',
  'key',
  'pin',
  'password',
  'token',
  'body',
  'query',
  'headers',
  'firstname',
  'lastname',
  'email',
  'phone',
  'address',
  'birthday',
];
/**
 * Objects a log call might nest such fields in. Named rather than `*.field`: pino's wildcard paths
 * cost 11 µs a line, these 3 µs (measured on the request line, 4 µs without any redaction).
 */
const CONTAINERS = [
  'req',
  'request',
  'res',
  'response',
  'data',
  'contact',
  'guest',
  'err',
  'error',
  'config',
];
const fieldPath = (field: string) => (/^[A-Za-z_$][\w$]*$/.test(field) ? `.${field}` : `["${field}"]`);
const REDACT_PATHS = [
  ...SECRET_FIELDS.map((field) => fieldPath(field).replace(/^\./, '')),
  ...CONTAINERS.flatMap((container) => SECRET_FIELDS.map((field) => `${container}${fieldPath(field)}`)),
];

export interface LogOptions {
  level?: Level | 'silent';
  /** Where lines go; default stdout. Tests pass a stream that keeps them. */
  destination?: DestinationStream;
  /** Human-readable lines (pino-pretty) instead of JSON. */
  pretty?: DestinationStream;
  /** Values (keys) blanked out of every line, wherever they appear. */
  secrets?: readonly string[];
}

/**
 * A logger with the server's redaction.
 * @example const log = createLogger({ level: 'info', secrets: [adminKey] });
 */
export function createLogger(options: LogOptions = {}): Logger {
  const secrets = (options.secrets ?? []).filter((secret) => secret.length >= 6);
  return pino(
    {
      level: options.level ?? 'info',
      redact: { paths: REDACT_PATHS, censor: CENSOR },
      hooks: {
        streamWrite: (line) =>
          secrets.reduce(
            (text, secret) => (text.includes(secret) ? text.split(secret).join(CENSOR) : text),
            line,
          ),
      },
    },
    options.pretty ?? options.destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** A request's log line answered below 400: on a terminal only with LOG_LEVEL debug or trace. */
const ANSWERED_REQUEST = /"status":[1-3]\d\d[,}].*"msg":"request"/;

/**
 * What a terminal gets (issue 34: ~1,300 lines in the first minute): each line on one line, no line
 * of a request answered below 400 unless `showRequests`, and nothing before `release()` (main.ts
 * calls it once the start banner is out; by itself after `holdMs`), so the banner comes first.
 */
export function terminalDestination(
  pretty: { write(line: string): unknown },
  options: { showRequests: boolean; holdMs?: number },
): { stream: DestinationStream; release(): void } {
  let held: string[] | undefined = [];
  const release = () => {
    const lines = held ?? [];
    held = undefined;
    for (const line of lines) pretty.write(line);
  };
  setTimeout(release, options.holdMs ?? 15_000).unref();
  const stream = {
    write(line: string) {
      if (!options.showRequests && ANSWERED_REQUEST.test(line)) return;
      if (held) held.push(line);
      else pretty.write(line);
    },
  };
  return { stream, release };
}

let releaseTerminal: () => void = () => undefined;

/** Lets the log out to the terminal (after the start banner); nothing to do without a terminal. */
export function releaseTerminalLog(): void {
  releaseTerminal();
}

/**
 * The logger for this process's stdout: pretty on a terminal (terminalDestination), JSON lines
 * otherwise.
 * @example useServerLog(await openStdoutLogger({ level: config.LOG_LEVEL, secrets }));
 */
export async function openStdoutLogger(options: Omit<LogOptions, 'destination' | 'pretty'>): Promise<Logger> {
  if (!process.stdout.isTTY) return createLogger(options);
  const { default: pretty } = await import('pino-pretty');
  const terminal = terminalDestination(
    pretty({
      sync: true,
      singleLine: true,
      translateTime: 'SYS:yyyy-mm-dd HH:MM:ss',
      ignore: 'pid,hostname',
    }),
    { showRequests: options.level === 'debug' || options.level === 'trace' },
  );
  releaseTerminal = terminal.release;
  return createLogger({ ...options, pretty: terminal.stream });
}

/** What of a pino destination (SonicBoom) the stop needs. */
interface Destination {
  flush?(callback?: (error?: Error) => void): void;
  destroy?(): void;
  _writing?: boolean;
  _len?: number;
}

/**
 * Writes out what the log still holds, for at most `waitMs`; then, if stdout takes no more (its
 * reader is gone or stopped reading: a full pipe), drops the rest, so the process can exit. Without
 * this, pino's exit handler retried the write for ever and the server never stopped (issue 34).
 * @example await stopLogging(log); process.exit(0);
 */
export async function stopLogging(logger: Logger, waitMs = 2000): Promise<void> {
  const stream = (logger as unknown as Record<symbol, Destination | undefined>)[pino.symbols.streamSym];
  if (!stream?.flush) return;
  const pending = () => !!stream._writing || (stream._len ?? 0) > 0;
  try {
    stream.flush();
  } catch {
    return; // destroyed already, or never opened
  }
  // SonicBoom's flush callback does not wait for a write under way: watch it instead.
  const deadline = Date.now() + waitMs;
  while (pending() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  if (pending()) stream.destroy?.();
}

// Until main.ts names the process's logger (tests and tools embed the server without one): warnings
// and errors only, so embedding code's output is not flooded with info lines.
let current: Logger = createLogger({ level: 'warn' });

/** The process's logger (for modules that have none handed to them). */
export function serverLog(): Logger {
  return current;
}

/** Makes `logger` the process's logger (main.ts, once the settings are read). */
export function useServerLog(logger: Logger): void {
  current = logger;
}
