import type { Request } from 'express';

type Trust = (addr: string, i: number) => boolean;

/** Distinct (socket address, X-Forwarded-For) pairs remembered per trust setting; the map starts over when full. */
const MAX_REMEMBERED = 32_768;
const remembered = new WeakMap<Trust, Map<string, string>>();
/** Whether a socket address is a trusted first hop, per trust setting (few distinct balancer addresses). */
const trustedSockets = new WeakMap<Trust, Map<string, boolean>>();

/** `forwarded`'s parse of a header without commas: the one hop, spaces (only spaces) trimmed at both ends. */
function singleHop(header: string): string {
  let start = 0;
  let end = header.length;
  while (start < end && header.charCodeAt(start) === 0x20) start++;
  while (end > start && header.charCodeAt(end - 1) === 0x20) end--;
  return start === 0 && end === header.length ? header : header.slice(start, end);
}

function socketTrusted(trust: Trust, socket: string): boolean {
  let known = trustedSockets.get(trust);
  if (!known) trustedSockets.set(trust, (known = new Map()));
  let trusted = known.get(socket);
  if (trusted === undefined) {
    if (known.size >= MAX_REMEMBERED) known.clear();
    known.set(socket, (trusted = trust(socket, 0)));
  }
  return trusted;
}

/**
 * `req.ip` (express: proxy-addr with the app's compiled `trust proxy`). One hop (a
 * balancer in front, the usual case) is answered from whether the socket address is
 * trusted, remembered per address: proxy-addr answers the hop if so, else the socket.
 * Longer chains are remembered per socket address and header value: parsing and checking
 * every hop cost ~8 µs a request, and the answer depends only on those two strings and
 * the trust setting (TRUST_PROXY: a boolean, hop count or address list, all pure).
 */
export function clientAddress(req: Request): string | undefined {
  const trust = req.app.get('trust proxy fn') as Trust | undefined;
  const socket = req.socket.remoteAddress;
  if (!trust || socket === undefined) return req.ip;
  const forwarded = req.headers['x-forwarded-for'];
  if (forwarded === undefined) return socket; // proxy-addr's answer with no hops
  if (typeof forwarded === 'string' && !forwarded.includes(',')) {
    const hop = singleHop(forwarded);
    return hop !== '' && socketTrusted(trust, socket) ? hop : socket;
  }
  let known = remembered.get(trust);
  if (!known) remembered.set(trust, (known = new Map()));
  const key = `${socket} ${forwarded}`;
  let address = known.get(key);
  if (address === undefined) {
    if (known.size >= MAX_REMEMBERED) known.clear();
    address = req.ip ?? socket;
    known.set(key, address);
  }
  return address;
}
