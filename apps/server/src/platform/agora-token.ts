import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';

/**
 * Agora AccessToken2 (the "007" token version) for the RTC service, written from Agora's
 * documented layout:
 *
 *   token        = "007" + base64(zlib-deflate(content))
 *   content      = bytes(signature) + signingInfo
 *   signingInfo  = string(appId) u32(issueTs) u32(expire) u32(salt) u16(serviceCount) service*
 *   RTC service  = u16(type = 1) u16(privilegeCount) (u16(privilege) u32(expire))* string(channelName) string(uid)
 *   signature    = HMAC-SHA256(key = signingKey, signingInfo)
 *   signingKey   = HMAC-SHA256(key = u32(salt), HMAC-SHA256(key = u32(issueTs), appCertificate))
 *
 * Integers are little-endian; `string`/`bytes` are a u16 length then the bytes. `expire` values
 * are seconds counted from `issueTs`. Privileges are written in ascending order; uid 0 is written
 * as the empty string (any uid may join).
 */

export const ACCESS_TOKEN2_VERSION = '007';
export const RTC_SERVICE_TYPE = 1;
export const RtcPrivilege = {
  joinChannel: 1,
  publishAudioStream: 2,
  publishVideoStream: 3,
  publishDataStream: 4,
} as const;

export type RtcRole = 'PUBLISHER' | 'SUBSCRIBER';

export interface RtcTokenInput {
  appId: string;
  appCertificate: string;
  channelName: string;
  /** 32-bit unsigned; 0 lets any uid use the token. */
  uid: number;
  role: RtcRole;
  /** Lifetime of the token and of its privileges, in seconds. */
  expireSeconds: number;
  /** Unix seconds; default now. */
  issueTs?: number;
  /** 1..99999999; default random. */
  salt?: number;
}

export interface DecodedRtcService {
  type: number;
  /** Privilege number → seconds from issueTs. */
  privileges: Record<number, number>;
  /** RTC services only. */
  channelName?: string;
  uid?: string;
}

export interface DecodedAccessToken2 {
  appId: string;
  issueTs: number;
  expire: number;
  salt: number;
  services: DecodedRtcService[];
  signature: Buffer;
  signingInfo: Buffer;
}

const HEX32 = /^[0-9a-fA-F]{32}$/;

class Writer {
  private parts: Buffer[] = [];

  u16(v: number): this {
    const b = Buffer.alloc(2);
    b.writeUInt16LE(v);
    this.parts.push(b);
    return this;
  }

  u32(v: number): this {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.parts.push(b);
    return this;
  }

  bytes(v: Buffer | string): this {
    const b = typeof v === 'string' ? Buffer.from(v, 'utf8') : v;
    if (b.length > 0xffff) throw new RangeError('value too long for an AccessToken2 field');
    this.u16(b.length);
    this.parts.push(b);
    return this;
  }

  buffer(): Buffer {
    return Buffer.concat(this.parts);
  }
}

class Reader {
  private pos = 0;

  constructor(private readonly buf: Buffer) {}

  private need(n: number): void {
    if (this.pos + n > this.buf.length) throw new RangeError('AccessToken2 is truncated');
  }

  u16(): number {
    this.need(2);
    const v = this.buf.readUInt16LE(this.pos);
    this.pos += 2;
    return v;
  }

  u32(): number {
    this.need(4);
    const v = this.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return v;
  }

  bytes(): Buffer {
    const n = this.u16();
    this.need(n);
    const v = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return Buffer.from(v);
  }

  rest(): Buffer {
    return Buffer.from(this.buf.subarray(this.pos));
  }
}

const u32 = (v: number) => new Writer().u32(v).buffer();
const hmac = (key: Buffer, message: Buffer | string) =>
  createHmac('sha256', key).update(message).digest();

function signingKey(appCertificate: string, issueTs: number, salt: number): Buffer {
  return hmac(u32(salt), hmac(u32(issueTs), appCertificate));
}

/** Builds an AccessToken2 carrying one RTC service for `channelName` and `uid`. */
export function buildRtcToken(input: RtcTokenInput): string {
  const { appId, appCertificate, channelName, uid, role, expireSeconds } = input;
  if (!HEX32.test(appId) || !HEX32.test(appCertificate)) {
    throw new Error('Agora App ID and App Certificate must be 32 hex digits');
  }
  if (!Number.isInteger(uid) || uid < 0 || uid > 0xffffffff) {
    throw new RangeError('uid must be a 32-bit unsigned integer');
  }
  if (!Number.isInteger(expireSeconds) || expireSeconds < 1 || expireSeconds > 0xffffffff) {
    throw new RangeError('expireSeconds must be a positive integer');
  }
  const issueTs = input.issueTs ?? Math.floor(Date.now() / 1000);
  const salt = input.salt ?? randomInt(1, 100_000_000);
  const privileges: number[] =
    role === 'PUBLISHER'
      ? [
          RtcPrivilege.joinChannel,
          RtcPrivilege.publishAudioStream,
          RtcPrivilege.publishVideoStream,
          RtcPrivilege.publishDataStream,
        ]
      : [RtcPrivilege.joinChannel];

  const service = new Writer().u16(RTC_SERVICE_TYPE).u16(privileges.length);
  for (const p of privileges) service.u16(p).u32(expireSeconds);
  service.bytes(channelName).bytes(uid === 0 ? '' : String(uid));

  const signingInfo = Buffer.concat([
    new Writer().bytes(appId).u32(issueTs).u32(expireSeconds).u32(salt).u16(1).buffer(),
    service.buffer(),
  ]);
  const signature = hmac(signingKey(appCertificate, issueTs, salt), signingInfo);
  const content = Buffer.concat([new Writer().bytes(signature).buffer(), signingInfo]);
  return `${ACCESS_TOKEN2_VERSION}${deflateSync(content).toString('base64')}`;
}

/**
 * Reads an AccessToken2 back into its fields. Services after the first of an unknown type
 * cannot be delimited and are left out (the signature still covers them). Throws on a token
 * that is not a well-formed "007" token.
 */
export function decodeAccessToken2(token: string): DecodedAccessToken2 {
  if (!token.startsWith(ACCESS_TOKEN2_VERSION)) throw new Error('not an AccessToken2 ("007")');
  const content = inflateSync(Buffer.from(token.slice(ACCESS_TOKEN2_VERSION.length), 'base64'));
  const r = new Reader(content);
  const signature = r.bytes();
  const signingInfo = r.rest();
  const info = new Reader(signingInfo);
  const appId = info.bytes().toString('utf8');
  const issueTs = info.u32();
  const expire = info.u32();
  const salt = info.u32();
  const count = info.u16();
  const services: DecodedRtcService[] = [];
  for (let i = 0; i < count; i++) {
    const type = info.u16();
    const privileges: Record<number, number> = {};
    const n = info.u16();
    for (let j = 0; j < n; j++) privileges[info.u16()] = info.u32();
    if (type !== RTC_SERVICE_TYPE) break;
    const channelName = info.bytes().toString('utf8');
    const uid = info.bytes().toString('utf8');
    services.push({ type, privileges, channelName, uid });
  }
  return { appId, issueTs, expire, salt, services, signature, signingInfo };
}

/** True when the token's signature was made with `appCertificate`. */
export function verifyAccessToken2(token: string | DecodedAccessToken2, appCertificate: string) {
  let decoded: DecodedAccessToken2;
  try {
    decoded = typeof token === 'string' ? decodeAccessToken2(token) : token;
  } catch {
    return false;
  }
  if (!HEX32.test(appCertificate) || decoded.signature.length !== 32) return false;
  const expected = hmac(
    signingKey(appCertificate, decoded.issueTs, decoded.salt),
    decoded.signingInfo,
  );
  return timingSafeEqual(expected, decoded.signature);
}
