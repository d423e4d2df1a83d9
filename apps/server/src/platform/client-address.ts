import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/** Does the hop at `index` (0 = the socket's peer) belong to a proxy we trust? */
export type TrustProxy = (address: string, index: number) => boolean;

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !net.isIP(address)) return false;
  if (bits === undefined) return true;
  const max = net.isIPv4(address) ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** Why a TRUST_PROXY value is wrong, or null when it is usable. */
export function trustProxyProblem(value: string): string | null {
  if (/^\d+$/.test(value)) return Number(value) <= 10 ? null : 'a hop count is at most 10';
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isAddressOrRange(e));
  return bad === undefined
    ? null
    : `'${bad}' is not an address, a CIDR range, loopback, linklocal or uniquelocal`;
}

/**
 * SEC-PROXY-1: forwarded headers are believed only from configured proxies. Unset (the default):
 * nobody is trusted and the client is the socket's peer. A number: that many hops in front of
 * the server are proxies (the peer always counts as the first). A list of addresses / CIDR ranges
 * (or the names loopback, linklocal, uniquelocal): hops inside them are proxies.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | false {
  if (!value) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : (_address, index) => index < hops;
  }
  const compiled = proxyAddr.compile(value.split(',').map((e) => e.trim()));
  return (address, index) => compiled(address, index);
}

/** The client's address for a raw request (the websocket upgrade), by the same trust as HTTP. */
export function clientAddress(req: IncomingMessage, trust: TrustProxy | false): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (!trust) return peer;
  const all = proxyAddr.all(req, trust);
  return all[all.length - 1] ?? peer;
}
