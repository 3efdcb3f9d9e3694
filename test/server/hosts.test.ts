// The Host check follows the machine's names and addresses: a LAN address the server gets while it
// runs (DHCP) is answered to once the list is read again, and the one it lost is refused.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { hostList } from '../../src/server/http/hosts.ts';
import { createHub } from '../../src/server/hub/hub.ts';
import { pinnedHotel } from '../support/hotel.ts';

describe('the names the server answers to', () => {
  it('are read again on refresh: a new address is answered to, the old one refused', async () => {
    let addresses = ['10.1.2.3'];
    const hosts = hostList(() => ['till.hotel.test', ...addresses]);
    const hotel = pinnedHotel();
    const app = createApp({ hotel, hub: createHub({ dbFile: ':memory:' }), allowedHosts: hosts });
    const status = async (host: string) =>
      (await app.request(`http://${host}/healthz`, { headers: { host } })).status;
    try {
      expect(await status('10.1.2.3:8443')).toBe(200);
      expect(await status('10.1.2.77:8443')).toBe(421);

      addresses = ['10.1.2.77'];
      hosts.refresh();
      expect(await status('10.1.2.77:8443')).toBe(200);
      expect(await status('10.1.2.3:8443')).toBe(421);
      expect(await status('till.hotel.test')).toBe(200);
      expect(await status('localhost:8080')).toBe(200);
    } finally {
      hotel.close();
    }
  });
});
