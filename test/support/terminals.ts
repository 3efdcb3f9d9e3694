// Card-terminal fixtures: the settings of a ZVT terminal at a terminal double on the loopback, with
// the default password and euros; by default the bar's terminal, printing its own slips.
import type { TerminalDouble } from '../../src/server/card-terminal/terminal-double.ts';
import type { CardTerminal } from '../../src/server/card-terminal/terminals.ts';

/**
 * What `terminals.add` takes for a terminal at `double`; `extra` changes any setting.
 * @example terminals.add(terminalAt(double, { name: 'Bar terminal', printsOwnSlips: false }));
 */
export function terminalAt(
  double: Pick<TerminalDouble, 'host' | 'port'>,
  extra: Partial<Omit<CardTerminal, 'id'>> = {},
): Omit<CardTerminal, 'id'> {
  return {
    name: 'Bar',
    outlet: 'bar',
    deviceId: null,
    host: double.host,
    port: double.port,
    password: '000000',
    currency: 978,
    printsOwnSlips: true,
    ...extra,
  };
}
