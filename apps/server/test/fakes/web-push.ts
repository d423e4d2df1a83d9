import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, importJWK, jwtVerify } from 'jose';

/** What the fake push service received and could check. */
export interface ReceivedPush {
  endpoint: string;
  /** The VAPID JWT's claims, verified with the key in the Authorization header. */
  claims: { aud: string; exp: number; sub: string };
  vapidKey: string;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The payload, decrypted with the subscription's private key and auth secret. */
  payload: unknown;
}

/** A browser's push subscription, with the private half the browser would keep. */
export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: Buffer;
}

const b64u = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 / RFC 8188: decrypts an aes128gcm push message for the subscription's keys. */
function decrypt(body: Buffer, sub: FakeSubscription): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(sub.privateKey);
  const uaPublic = Buffer.from(sub.keys.p256dh, 'base64url');
  const secret = ecdh.computeSecret(asPublic);
  const prkKey = hmac(Buffer.from(sub.keys.auth, 'base64url'), secret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end--;
  if (plain[end - 1] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end - 1);
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` as a push service does (RFC 8292). */
async function verifyVapid(header: string | undefined, origin: string) {
  const m = /^vapid t=([^,\s]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error('no vapid authorization');
  const raw = Buffer.from(m[2]!, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('bad vapid key');
  const key = await importJWK(
    { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) },
    'ES256',
  );
  await jwtVerify(m[1]!, key, { audience: origin });
  const claims = decodeJwt(m[1]!) as { aud: string; exp: number; sub: string };
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('bad sub');
  if (claims.exp > Date.now() / 1000 + 24 * 3600) throw new Error('exp too far');
  return { claims, vapidKey: m[2]! };
}

export interface FakePushService {
  url: string;
  received: ReceivedPush[];
  /** Refusals (bad VAPID, undecryptable payloads): a correct sender makes none. */
  errors: string[];
  /** A new subscription at this service, as a browser would make. */
  subscribe(): FakeSubscription;
  /** The service forgets this endpoint: pushes to it answer 410 Gone. */
  expire(endpoint: string): void;
  close(): Promise<void>;
}

/** A local push service (what a browser vendor runs) for web push tests. */
export async function startFakePushService(): Promise<FakePushService> {
  const subs = new Map<string, FakeSubscription>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  let url = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = `${url}${req.url ?? ''}`;
      void (async () => {
        if (gone.has(endpoint)) return res.writeHead(410).end();
        const sub = subs.get(endpoint);
        if (!sub || req.method !== 'POST') return res.writeHead(404).end();
        try {
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          const vapid = await verifyVapid(req.headers.authorization, url);
          const payload = JSON.parse(decrypt(Buffer.concat(chunks), sub).toString('utf8'));
          received.push({
            endpoint,
            ...vapid,
            ttl: req.headers.ttl as string | undefined,
            urgency: req.headers.urgency as string | undefined,
            payload,
          });
          res.writeHead(201).end();
        } catch (err) {
          errors.push((err as Error).message);
          res.writeHead(400).end();
        }
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    errors,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const sub: FakeSubscription = {
        endpoint: `${url}/push/${randomBytes(8).toString('hex')}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(randomBytes(16)) },
        privateKey: ecdh.getPrivateKey(),
      };
      subs.set(sub.endpoint, sub);
      return sub;
    },
    expire: (endpoint) => void gone.add(endpoint),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
