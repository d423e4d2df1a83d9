import { Resolver } from 'node:dns/promises';
import net from 'node:net';

const blocked = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(a, p, 'ipv4');
}
for (const [a, p] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(a, p, 'ipv6');
}

/** Is this IP address one of the public internet (not loopback, private, link-local, …)? */
export function isPublicIp(ip: string): boolean {
  const v = net.isIP(ip);
  if (v === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return isPublicIp(mapped[1]);
  return !blocked.check(ip, v === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Does this https URL lead to the public internet? Its host is an IP literal that is public, or a
 * name whose every address is (so a server is not made to call into its own network).
 */
export async function isPublicHttpsUrl(raw: string): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return isPublicIp(host);
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) return false;
  // c-ares with a short timeout, not getaddrinfo: a name that does not answer must not hold one of
  // libuv's four threadpool threads (argon2, files and zlib wait on them) for seconds.
  const resolver = new Resolver({ timeout: 1500, tries: 1 });
  const [v4, v6] = await Promise.all([
    resolver.resolve4(host).catch(() => [] as string[]),
    resolver.resolve6(host).catch(() => [] as string[]),
  ]);
  const addrs = [...v4, ...v6];
  return addrs.length > 0 && addrs.every(isPublicIp);
}
