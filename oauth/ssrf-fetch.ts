// Fetches a client's metadata document without letting the URL reach inside our
// network: https only, every resolved address must be public, the connection is
// pinned to the vetted address (no DNS-rebinding second lookup), no redirects,
// and the body is capped in size and time.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23],
  ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, bits, 'ipv6');
// No ::ffff:0:0/96 rule: BlockList checks IPv4-mapped IPv6 addresses against the IPv4 rules
// (and such a rule would match every IPv4 address).

/** Private, loopback, link-local, carrier-grade NAT, documentation, multicast and reserved ranges, v4 and v6. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

async function resolvePublic(hostname: string): Promise<LookupAddress> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses: LookupAddress[] = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (err, list) => (err ? reject(err) : resolve(list))));
  // Every address must be public: the system resolver may pick any of them.
  if (addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address))) {
    throw new UnsafeUrlError(`${hostname} resolves to a private or reserved address`);
  }
  return addresses[0]!;
}

export interface GuardedFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
}

/** GET an https URL and parse its JSON body, under the guards above. */
export async function fetchJsonGuarded(rawUrl: string, opts: GuardedFetchOptions = {}): Promise<unknown> {
  const { timeoutMs = 5000, maxBytes = 10 * 1024 } = opts;
  const url = new URL(rawUrl);
  if (url.protocol !== 'https:') throw new UnsafeUrlError('only https URLs are fetched');
  if (url.username || url.password) throw new UnsafeUrlError('URLs with credentials are not fetched');
  const pinned = await resolvePublic(url.hostname);
  const lookup: LookupFunction = (_host, options, cb) => {
    if (options.all) cb(null, [pinned]);
    else cb(null, pinned.address, pinned.family);
  };
  let timer: NodeJS.Timeout | undefined;
  const text = await new Promise<string>((resolve, reject) => {
    const req = request(url, { method: 'GET', lookup, agent: false, headers: { accept: 'application/json', 'user-agent': 'DealEngine-OAuth/1' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`metadata document answered HTTP ${res.statusCode}`)); // redirects are not followed
      }
      if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
        req.destroy();
        return reject(new Error('metadata document is too large'));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          req.destroy();
          reject(new Error('metadata document is too large'));
        } else chunks.push(chunk);
      });
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      res.on('error', reject);
    });
    // A total deadline, not an idle one: a slow drip must not hold the consent page.
    timer = setTimeout(() => req.destroy(new Error('metadata document fetch timed out')), timeoutMs);
    req.on('error', reject);
    req.end();
  }).finally(() => clearTimeout(timer));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error('metadata document is not JSON');
  }
}
