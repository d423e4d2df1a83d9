import { createHmac } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { startFakeServer, type FakeServer } from './http';

/**
 * A local stand-in for the token checks Agora's RTC edge makes when a client joins a channel
 * (LIVE-AUDIO-10), written from Agora's documented AccessToken2 layout and not from our signer:
 * `POST /join` with `{ appId, channelName, uid, token, publishAudio }` answers 200 `{ joined: true }`
 * or 401 `{ reason }` — the reasons Agora's SDK reports (invalid token, expired, wrong app id,
 * channel or uid, no publish privilege). `now` (Unix seconds) may be moved for expiry checks.
 */
export interface FakeAgoraEdge extends FakeServer {
  now: number | null;
}

interface Token {
  signature: Buffer;
  signingInfo: Buffer;
  appId: string;
  issueTs: number;
  expire: number;
  salt: number;
  rtc: { privileges: Map<number, number>; channelName: string; uid: string } | null;
}

/** Reads one AccessToken2 ("007" + base64(deflate(bytes(signature) + signingInfo))). */
function readToken(text: string): Token {
  if (!text.startsWith('007')) throw new Error('invalid token');
  const raw = inflateSync(Buffer.from(text.slice(3), 'base64'));
  let at = 0;
  const u16 = () => ((at += 2), raw.readUInt16LE(at - 2));
  const u32 = () => ((at += 4), raw.readUInt32LE(at - 4));
  const bytes = () => {
    const n = u16();
    at += n;
    return raw.subarray(at - n, at);
  };
  const signature = bytes();
  const infoStart = at;
  const appId = bytes().toString();
  const issueTs = u32();
  const expire = u32();
  const salt = u32();
  let rtc: Token['rtc'] = null;
  for (let services = u16(); services > 0; services--) {
    const type = u16();
    const privileges = new Map<number, number>();
    for (let n = u16(); n > 0; n--) privileges.set(u16(), u32());
    if (type !== 1) throw new Error('invalid token');
    rtc = { privileges, channelName: bytes().toString(), uid: bytes().toString() };
  }
  return { signature, signingInfo: raw.subarray(infoStart), appId, issueTs, expire, salt, rtc };
}

const u32le = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v);
  return b;
};

/** Starts the fake edge for one app (its id and certificate, as in Agora's console). */
export async function startFakeAgoraEdge(app: {
  appId: string;
  certificate: string;
}): Promise<FakeAgoraEdge> {
  const edge: FakeAgoraEdge = Object.assign(
    await startFakeServer((req) => {
      if (req.method !== 'POST' || req.path !== '/join') return { status: 404, body: {} };
      const join = JSON.parse(req.body) as {
        appId: string;
        channelName: string;
        uid: number;
        token: string;
        publishAudio?: boolean;
      };
      const refuse = (reason: string) => ({ status: 401, body: { reason } });
      let token: Token;
      try {
        token = readToken(join.token);
      } catch {
        return refuse('invalid token');
      }
      if (token.appId !== join.appId || join.appId !== app.appId) return refuse('invalid app id');
      const key = createHmac('sha256', u32le(token.salt))
        .update(createHmac('sha256', u32le(token.issueTs)).update(app.certificate).digest())
        .digest();
      const expected = createHmac('sha256', key).update(token.signingInfo).digest();
      if (!expected.equals(token.signature)) return refuse('invalid token');
      const now = edge.now ?? Math.floor(Date.now() / 1000);
      if (now >= token.issueTs + token.expire) return refuse('token expired');
      const rtc = token.rtc;
      if (!rtc || rtc.channelName !== join.channelName) return refuse('invalid channel name');
      if (rtc.uid !== '' && rtc.uid !== String(join.uid)) return refuse('invalid uid');
      const joinUntil = rtc.privileges.get(1);
      if (joinUntil === undefined || now >= token.issueTs + joinUntil)
        return refuse('token expired');
      if (join.publishAudio) {
        const publishUntil = rtc.privileges.get(2);
        if (publishUntil === undefined) return refuse('no publish privilege');
        if (now >= token.issueTs + publishUntil) return refuse('token expired');
      }
      return { status: 200, body: { joined: true } };
    }),
    { now: null as number | null },
  );
  return edge;
}
