import http2 from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import type { Logger } from 'pino';
import type { DevicePlatform } from '@tt/protocol';
import { pemFromEnv, type PushMessage, type PushOutcome, type PushProvider } from './provider';

export interface ApnsOptions {
  keyId: string;
  teamId: string;
  privateKey: string;
  bundleId: string;
  apiBase: string;
}

/** APNs provider tokens may be reused for up to an hour; we renew after 50 minutes. */
const TOKEN_LIFE_MS = 50 * 60 * 1000;

/**
 * APNs over HTTP/2 (`POST /3/device/{token}`) with token-based auth (an ES256 JWT from the .p8
 * key). Alerts go with push type `alert`, silent pushes as `background` with content-available.
 */
export class ApnsProvider implements PushProvider {
  readonly name = 'apns' as const;
  private session: http2.ClientHttp2Session | null = null;
  private jwt: { token: string; at: number } | null = null;

  constructor(
    private readonly opts: ApnsOptions,
    private readonly log: Logger,
  ) {}

  serves(platform: DevicePlatform): boolean {
    return platform === 'ios';
  }

  private async bearer(): Promise<string> {
    if (this.jwt && Date.now() - this.jwt.at < TOKEN_LIFE_MS) return this.jwt.token;
    const key = await importPKCS8(pemFromEnv(this.opts.privateKey), 'ES256');
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.opts.keyId })
      .setIssuer(this.opts.teamId)
      .setIssuedAt()
      .sign(key);
    this.jwt = { token, at: Date.now() };
    return token;
  }

  private connect(): http2.ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const s = http2.connect(this.opts.apiBase);
    s.on('error', (err) => this.log.warn({ err }, 'APNs connection error'));
    s.on('close', () => {
      if (this.session === s) this.session = null;
    });
    s.unref();
    this.session = s;
    return s;
  }

  private payload(m: PushMessage): object {
    const extra = { ...m.data, ...(m.link ? { link: m.link } : {}) };
    if (m.silent) return { aps: { 'content-available': 1 }, ...extra };
    return { aps: { alert: { title: m.title, body: m.body }, sound: 'default' }, ...extra };
  }

  async send(token: string, message: PushMessage): Promise<PushOutcome> {
    try {
      const bearer = await this.bearer();
      const body = JSON.stringify(this.payload(message));
      const { status, reason } = await new Promise<{ status: number; reason?: string }>(
        (resolve, reject) => {
          const req = this.connect().request({
            ':method': 'POST',
            ':path': `/3/device/${encodeURIComponent(token)}`,
            authorization: `bearer ${bearer}`,
            'apns-topic': this.opts.bundleId,
            'apns-push-type': message.silent ? 'background' : 'alert',
            'apns-priority': message.silent ? '5' : '10',
            'content-type': 'application/json',
          });
          let st = 0;
          let text = '';
          req.setTimeout(10_000, () => req.close(http2.constants.NGHTTP2_CANCEL));
          req.on('response', (h) => (st = Number(h[':status'])));
          req.setEncoding('utf8');
          req.on('data', (c: string) => (text += c));
          req.on('end', () => {
            let parsed: { reason?: string } = {};
            try {
              parsed = text ? (JSON.parse(text) as { reason?: string }) : {};
            } catch {
              // not JSON
            }
            resolve({ status: st, reason: parsed.reason });
          });
          req.on('error', reject);
          req.end(body);
        },
      );
      if (status === 200) return 'sent';
      if (status === 410 || reason === 'BadDeviceToken' || reason === 'Unregistered') return 'gone';
      if (reason === 'ExpiredProviderToken') this.jwt = null;
      this.log.warn({ status, reason }, 'APNs refused a push');
      return 'failed';
    } catch (err) {
      this.log.warn({ err }, 'APNs push failed');
      return 'failed';
    }
  }

  async close(): Promise<void> {
    this.session?.close();
    this.session = null;
  }
}
