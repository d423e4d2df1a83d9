import { generateKeyPairSync } from 'node:crypto';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { startFakeServer, type FakeServer } from './http';

export interface FcmFake {
  server: FakeServer;
  /** Environment for the server under test. */
  env: Record<string, string>;
  /** Messages FCM accepted. */
  sent: { token: string; message: Record<string, unknown> }[];
  /** Tokens FCM no longer knows (answers 404 UNREGISTERED). */
  unregistered: Set<string>;
  tokenGrants: number;
}

/** FCM HTTP v1 and Google's OAuth2 token endpoint, checking the JWT bearer grant. */
export async function startFcmFake(): Promise<FcmFake> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const spki = await importSPKI(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    'RS256',
  );
  const clientEmail = 'push@tt-test.iam.gserviceaccount.com';
  const issued = new Set<string>();
  const fake: FcmFake = {
    server: null as unknown as FakeServer,
    env: {},
    sent: [],
    unregistered: new Set(),
    tokenGrants: 0,
  };
  fake.server = await startFakeServer(async (req) => {
    if (req.method === 'POST' && req.path === '/token') {
      const form = new URLSearchParams(req.body);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
        return { status: 400, body: { error: 'unsupported_grant_type' } };
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', spki, {
          issuer: clientEmail,
          audience: `${fake.server.url}/token`,
        });
        if (payload.scope !== 'https://www.googleapis.com/auth/firebase.messaging')
          throw new Error('scope');
      } catch {
        return { status: 400, body: { error: 'invalid_grant' } };
      }
      const token = `ya29.fake-${++fake.tokenGrants}`;
      issued.add(token);
      return { status: 200, body: { access_token: token, expires_in: 3600, token_type: 'Bearer' } };
    }
    const m = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.path);
    if (req.method === 'POST' && m) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !issued.has(bearer))
        return { status: 401, body: { error: { status: 'UNAUTHENTICATED' } } };
      const { message } = JSON.parse(req.body) as {
        message: Record<string, unknown> & { token: string };
      };
      if (fake.unregistered.has(message.token)) {
        return {
          status: 404,
          body: { error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } },
        };
      }
      fake.sent.push({ token: message.token, message });
      return { status: 200, body: { name: `projects/${m[1]}/messages/${fake.sent.length}` } };
    }
    return { status: 404, body: {} };
  });
  fake.env = {
    FCM_PROJECT_ID: 'tt-test',
    FCM_CLIENT_EMAIL: clientEmail,
    FCM_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
    FCM_API_BASE: fake.server.url,
    FCM_TOKEN_URL: `${fake.server.url}/token`,
  };
  return fake;
}

export interface ApnsFake {
  url: string;
  env: Record<string, string>;
  sent: { token: string; headers: Record<string, string>; payload: Record<string, unknown> }[];
  /** Tokens APNs answers 410 Unregistered for. */
  unregistered: Set<string>;
  close(): Promise<void>;
}

/** APNs over HTTP/2 (cleartext, as a local fake), checking the ES256 provider token. */
export async function startApnsFake(): Promise<ApnsFake> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const spki = await importSPKI(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    'ES256',
  );
  const keyId = 'ABCDE12345';
  const teamId = 'TEAM123456';
  const fake: ApnsFake = {
    url: '',
    env: {},
    sent: [],
    unregistered: new Set(),
    close: async () => {},
  };
  const server = http2.createServer();
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (c: string) => (body += c));
    stream.on('end', () => {
      void (async () => {
        const answer = (status: number, reason?: string) => {
          stream.respond({ ':status': status, 'content-type': 'application/json' });
          stream.end(reason ? JSON.stringify({ reason }) : undefined);
        };
        const token = /^\/3\/device\/([\w]+)$/.exec(String(headers[':path']))?.[1];
        if (headers[':method'] !== 'POST' || !token) return answer(404, 'BadPath');
        const jwt = /^bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1] ?? '';
        try {
          if (decodeProtectedHeader(jwt).kid !== keyId) throw new Error('kid');
          await jwtVerify(jwt, spki, { issuer: teamId });
        } catch {
          return answer(403, 'InvalidProviderToken');
        }
        if (headers['apns-topic'] !== 'live.turntable.app') return answer(400, 'BadTopic');
        if (fake.unregistered.has(token)) return answer(410, 'Unregistered');
        fake.sent.push({
          token,
          headers: Object.fromEntries(
            Object.entries(headers)
              .filter(([k]) => k.startsWith('apns-'))
              .map(([k, v]) => [k, String(v)]),
          ),
          payload: JSON.parse(body) as Record<string, unknown>,
        });
        answer(200);
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = {
    APNS_KEY_ID: keyId,
    APNS_TEAM_ID: teamId,
    APNS_PRIVATE_KEY: privateKey
      .export({ type: 'pkcs8', format: 'pem' })
      .toString()
      .replace(/\n/g, '\\n'),
    APNS_BUNDLE_ID: 'live.turntable.app',
    APNS_API_BASE: fake.url,
  };
  fake.close = () => new Promise<void>((r) => server.close(() => r()));
  return fake;
}
