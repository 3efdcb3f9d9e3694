// The names and addresses tablets may use to reach this machine, for the server certificate's
// SANs. Owns: which names count (localhost, the host name, <host>.local, extra names, every
// interface address but IPv6 link-local) and their order: names as listed, then loopback, IPv4 and
// IPv6 addresses by interface name. No duplicates; names in lower case.
import { BlockList, isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';

export interface MachineNames {
  dnsNames: string[];
  ipAddresses: string[];
}

/** `extra` names (e.g. TILL_HOSTNAMES, split by the caller) may also be IP addresses. */
export function machineNames(extra: string[] = []): MachineNames {
  const host = hostname().trim().toLowerCase().replace(/\.$/, '');
  const names = ['localhost', host, ...(host.includes('.') ? [] : [`${host}.local`]), ...extra];
  const dnsNames = new Set<string>();
  const ipAddresses = new Set<string>();
  for (const raw of names) {
    const name = raw.trim().toLowerCase().replace(/\.$/, '');
    if (name === '') continue;
    if (isIP(name.replace(/^\[|\]$/g, ''))) ipAddresses.add(canonicalIp(name));
    else dnsNames.add(name);
  }
  for (const address of ['127.0.0.1', '::1', ...interfaceAddresses()]) ipAddresses.add(canonicalIp(address));
  return { dnsNames: [...dnsNames], ipAddresses: [...ipAddresses] };
}

function interfaceAddresses(): string[] {
  const entries = Object.entries(networkInterfaces()).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const all = entries.flatMap(([, infos]) => infos ?? []);
  const ipv4 = all.filter((info) => info.family === 'IPv4').map((info) => info.address);
  const ipv6 = all
    .filter((info) => info.family === 'IPv6')
    .map((info) => info.address.replace(/%.*$/, ''))
    .filter((address) => !LINK_LOCAL_IPV6.check(address, 'ipv6'));
  return [...ipv4, ...ipv6];
}

const LINK_LOCAL_IPV6 = new BlockList();
LINK_LOCAL_IPV6.addSubnet('fe80::', 10, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6'); // IPv4-mapped 127.0.0.0/8

/** Whether the address is this machine's loopback: 127.0.0.0/8, ::1 or ::ffff:127.x.x.x (brackets allowed). */
export function isLoopbackAddress(address: string): boolean {
  // the usual spellings first: the BlockList below costs a few per cent of a small request's CPU
  if (address === '::1' || (address.startsWith('127.') && isIP(address) === 4)) return true;
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return false;
  return LOOPBACK.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** One spelling per address ("0:0::1" and "::1" compare equal); the WHATWG URL parser does the work. */
export function canonicalIp(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '');
  try {
    const host = bare.includes(':')
      ? new URL(`http://[${bare}]`).hostname
      : new URL(`http://${bare}`).hostname;
    return host.replace(/^\[|\]$/g, '');
  } catch {
    return bare.toLowerCase();
  }
}
