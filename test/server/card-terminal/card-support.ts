// Card tests' server: the tablet app on a pinned hotel (host till.example) with a quick terminal
// double as the bar's terminal, and a JSON POST as the paired tablet sends it.
import { createCardTerminals } from '../../../src/server/card-terminal/index.ts';
import {
  startTerminalDouble,
  type TerminalDouble,
} from '../../../src/server/card-terminal/terminal-double.ts';
import type { TestHotel } from '../../../src/test-hotel/index.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { terminalAt } from '../../support/terminals.ts';
import { STAFF_KEY_ROUNDS } from '../staff/staff-support.ts';
import { type TabletApp, tabletApp } from '../tablet-app.ts';

export interface CardTill {
  hotel: TestHotel;
  app: TabletApp;
  double: TerminalDouble;
  /** POSTs `body` as JSON from the paired tablet. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Starts the terminal double and the app with it as the bar's terminal.
 * @example beforeAll(async () => { till = await startCardTill(); }); afterAll(() => till.close());
 */
export async function startCardTill(): Promise<CardTill> {
  const hotel = pinnedHotel();
  const double = await startTerminalDouble({ stepMs: 2 });
  const app = tabletApp({ hotel, allowedHosts: ['till.example'] }, { staffKeyRounds: STAFF_KEY_ROUNDS });
  // The app made its card tables on the hub's database; this opens the same ones.
  createCardTerminals(app.hub).terminals.add(terminalAt(double));
  return {
    hotel,
    app,
    double,
    post: async (path, body, headers = {}) =>
      app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    async close() {
      await double.close();
      hotel.close();
    },
  };
}
