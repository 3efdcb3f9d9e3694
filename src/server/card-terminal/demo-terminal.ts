// The demo's terminal double as each outlet's card terminal. A restart moves the terminal that the
// last start set up to the double's new port, so it stays the same terminal (its card payments and
// end-of-days); with the double's journal kept in a file, its end-of-day after a restart reports
// the whole day (issue 30).
import type { TerminalDouble } from './terminal-double.ts';
import { type createTerminals, DEMO_TERMINAL_NAME } from './terminals.ts';

/** Sets up (or moves) each outlet's demo terminal to `double`; any other double entry is removed. */
export function useTerminalDouble(
  terminals: ReturnType<typeof createTerminals>,
  double: Pick<TerminalDouble, 'host' | 'port'>,
  outletIds: readonly string[],
): void {
  const kept = new Set<string>();
  for (const outlet of outletIds) {
    const earlier = terminals
      .list()
      .find(
        (terminal) =>
          terminal.name === DEMO_TERMINAL_NAME && terminal.outlet === outlet && !terminal.deviceId,
      );
    if (earlier) {
      terminals.moveTo(earlier.id, double.host, double.port);
      kept.add(earlier.id);
      continue;
    }
    const added = terminals.add({
      name: DEMO_TERMINAL_NAME,
      outlet,
      deviceId: null,
      host: double.host,
      port: double.port,
      password: '000000',
      currency: 978,
      printsOwnSlips: false,
    });
    kept.add(added.id);
  }
  for (const terminal of terminals.list())
    if (terminal.name === DEMO_TERMINAL_NAME && !kept.has(terminal.id)) terminals.remove(terminal.id);
}
