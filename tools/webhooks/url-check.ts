import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isBlockedAddress } from '../../oauth/ssrf-fetch.js';

// Where a webhook may point. https to public addresses only, so a user cannot make
// us POST into our own network (SSRF). Every resolved address is checked, since
// the system resolver may pick any of them; the sender pins the checked address.
// With allowPrivate (development, tests) private hosts are allowed, and plain http
// too, but only to them.

export interface ResolvedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export type UrlCheck = { ok: true; target: ResolvedTarget } | { ok: false; reason: string };

export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<UrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a valid URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'use an https:// URL' };
  if (url.protocol === 'http:' && !allowPrivate) return { ok: false, reason: 'use an https:// URL' };
  if (url.username || url.password) return { ok: false, reason: 'URLs with credentials are not allowed' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    return { ok: false, reason: `${host} does not resolve` };
  }
  if (addresses.length === 0) return { ok: false, reason: `${host} does not resolve` };
  const privateOnes = addresses.filter((a) => isBlockedAddress(a.address));
  if (privateOnes.length > 0 && !allowPrivate) return { ok: false, reason: `${host} resolves to a private or reserved address` };
  if (url.protocol === 'http:' && privateOnes.length < addresses.length) return { ok: false, reason: 'plain http is only allowed to private hosts; use https' };
  const first = addresses[0]!;
  return { ok: true, target: { url, address: first.address, family: first.family === 6 ? 6 : 4 } };
}
