import net from 'node:net';
import geoip from 'fast-geoip';
import type { GeolocationDto } from '@tt/protocol';
import { isPublicIp } from '../../platform/public-address';

/**
 * AUDIT-GEO-1: country, region, city and time zone of an address, from the GeoLite database
 * shipped in the fast-geoip package (read from disk, never a call out). Private, loopback and
 * other non-public addresses, and IPv6 ones (the database holds IPv4 only), answer nulls.
 */
export async function geolocate(ip: string): Promise<GeolocationDto> {
  const unknown: GeolocationDto = {
    ip,
    country: null,
    region: null,
    city: null,
    timezone: null,
    eu: false,
  };
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? ip;
  if (!net.isIPv4(v4) || !isPublicIp(v4)) return unknown;
  const found = await geoip.lookup(v4);
  if (!found) return unknown;
  return {
    ip,
    country: found.country || null,
    region: found.region || null,
    city: found.city || null,
    timezone: found.timezone || null,
    eu: found.eu === '1',
  };
}
