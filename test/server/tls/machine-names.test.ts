import { hostname, networkInterfaces } from 'node:os';
import { describe, expect, test } from 'vitest';
import { canonicalIp, isLoopbackAddress, machineNames } from '../../../src/server/tls/machine-names.ts';

describe('the names and addresses of this machine', () => {
  test('hold localhost, the host name, its .local name and the loopback addresses', () => {
    const { dnsNames, ipAddresses } = machineNames();
    const host = hostname().toLowerCase();
    expect(dnsNames[0]).toBe('localhost');
    expect(dnsNames).toContain(host);
    if (!host.includes('.')) expect(dnsNames).toContain(`${host}.local`);
    expect(ipAddresses.slice(0, 2)).toEqual(['127.0.0.1', '::1']);
  });

  test('hold every interface address except IPv6 link-local', () => {
    const { ipAddresses } = machineNames();
    const all = Object.values(networkInterfaces()).flatMap((infos) => infos ?? []);
    for (const info of all) {
      const address = canonicalIp(info.address.replace(/%.*$/, ''));
      if (/^fe[89ab]/i.test(address)) expect(ipAddresses).not.toContain(address);
      else expect(ipAddresses).toContain(address);
    }
  });

  test('add extra names in lower case, put extra addresses with the addresses, and list nothing twice', () => {
    const { dnsNames, ipAddresses } = machineNames([
      'Till.Hotel.Test',
      ' bar.hotel.test. ',
      'localhost',
      '10.9.8.7',
      '[FD00:0::7]',
      '',
    ]);
    expect(dnsNames).toEqual(expect.arrayContaining(['till.hotel.test', 'bar.hotel.test']));
    expect(ipAddresses).toEqual(expect.arrayContaining(['10.9.8.7', 'fd00::7']));
    expect(new Set(dnsNames).size).toBe(dnsNames.length);
    expect(new Set(ipAddresses).size).toBe(ipAddresses.length);
    expect(dnsNames).not.toContain('');
  });

  test('come out in the same order every time', () => {
    expect(machineNames(['a.test'])).toEqual(machineNames(['a.test']));
  });
});

describe('isLoopbackAddress', () => {
  test.each([
    ['127.0.0.1', true],
    ['127.255.3.4', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', false],
    ['10.0.0.1', false],
    ['128.0.0.1', false],
    ['::2', false],
    ['localhost', false],
    ['', false],
  ])('%s is loopback: %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});
