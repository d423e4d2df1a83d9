import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSmsMessage {
  to: string;
  from: string;
  body: string;
}

/**
 * A local stand-in for the HTTP SMS gateway of platform/sms.ts: accepts
 * `POST /messages` with `{ to, from, body }` and `Authorization: Bearer <apiKey>`,
 * records each message, and answers 503 while told to fail.
 */
export interface FakeSmsGateway {
  /** Base URL to pass as SMS_BASE_URL. */
  url: string;
  apiKey: string;
  /** Env for startTestServer: SMS_BASE_URL and SMS_API_KEY. */
  env: { SMS_BASE_URL: string; SMS_API_KEY: string };
  messages: FakeSmsMessage[];
  /** Requests refused for a wrong or missing bearer. */
  unauthorized: number;
  /** While true, every message is refused with 503. */
  failing: boolean;
  /** Messages sent to `to`, oldest first. */
  to(to: string): FakeSmsMessage[];
  /** The six-digit code of the newest message to `to`. */
  lastCode(to: string): string;
  close(): Promise<void>;
}

export async function startFakeSms(apiKey = 'test-sms-key'): Promise<FakeSmsGateway> {
  const gateway = {
    apiKey,
    messages: [] as FakeSmsMessage[],
    unauthorized: 0,
    failing: false,
  };

  const server = http.createServer((req, res) => {
    const answer = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/messages') {
        return answer(404, { error: 'not found' });
      }
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        gateway.unauthorized++;
        return answer(401, { error: 'bad api key' });
      }
      if (gateway.failing) return answer(503, { error: 'gateway down' });
      let msg: Partial<FakeSmsMessage>;
      try {
        msg = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<FakeSmsMessage>;
      } catch {
        return answer(400, { error: 'body is not JSON' });
      }
      if (typeof msg.to !== 'string' || typeof msg.body !== 'string') {
        return answer(400, { error: 'to and body are required' });
      }
      gateway.messages.push({ to: msg.to, from: String(msg.from ?? ''), body: msg.body });
      return answer(202, { id: String(gateway.messages.length), status: 'queued' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(gateway, {
    url,
    env: { SMS_BASE_URL: url, SMS_API_KEY: apiKey },
    to: (to: string) => gateway.messages.filter((m) => m.to === to),
    lastCode(to: string): string {
      const last = gateway.messages.filter((m) => m.to === to).at(-1);
      const code = last?.body.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code was texted to ${to}`);
      return code;
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((err) => (err ? reject(err) : resolve())),
      ),
  });
}
