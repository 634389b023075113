import { isIPv4, isIPv6 } from 'node:net';

// Per-address limits (anonymous plans, invalid API keys, OAuth registration) count
// an IPv6 client by its network, not its address: a subscriber gets a whole prefix
// (a /64 per LAN at least, often a /56 per household) and can pick a fresh address
// for every request, which would both dodge the limit and leave a new counter
// behind each time. /56 is also express-rate-limit's default for the same reason.

/** Leading bits of an IPv6 address that name one client. */
export const IPV6_CLIENT_PREFIX_BITS = 56;

/** 16-bit words of colon-separated hex groups; an IPv4 tail (::ffff:192.0.2.1) is two words. */
function words(part: string): number[] {
  if (part === '') return [];
  return part.split(':').flatMap((piece) => {
    if (!piece.includes('.')) return [parseInt(piece, 16)];
    const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
    return [(a << 8) | b, (c << 8) | d];
  });
}

/** The eight 16-bit groups of an address node's isIPv6 accepted (zone id removed), '::' filled in. */
function ipv6Groups(address: string): number[] {
  const [head, tail] = address.split('::') as [string, string | undefined];
  if (tail === undefined) return words(head);
  const before = words(head);
  const after = words(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The key a per-address limit counts `address` under: an IPv4 address as it is (an
 * IPv4-mapped IPv6 address as its IPv4 one), an IPv6 address as its /56 network
 * ("2001:db8:ab:1200::/56"), anything else (`unknown`) unchanged.
 */
export function limitBucket(address: string): string {
  if (isIPv4(address)) return address;
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  // ::ffff:a.b.c.d is an IPv4 client reached over an IPv6 socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  }
  const full = Math.floor(IPV6_CLIENT_PREFIX_BITS / 16);
  const kept = groups.slice(0, full);
  const rest = IPV6_CLIENT_PREFIX_BITS % 16;
  if (rest) kept.push(groups[full]! & ((0xffff << (16 - rest)) & 0xffff));
  return `${kept.map((g) => g.toString(16)).join(':')}::/${IPV6_CLIENT_PREFIX_BITS}`;
}
