import { importPKCS8, SignJWT } from 'jose';
import type { Logger } from 'pino';
import type { DevicePlatform } from '@tt/protocol';
import { pemFromEnv, type PushMessage, type PushOutcome, type PushProvider } from './provider';

export interface FcmOptions {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  apiBase: string;
  tokenUrl: string;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/**
 * FCM HTTP v1 (`POST /v1/projects/{project}/messages:send`), authorised with an OAuth2 access
 * token obtained by signing a JWT with the service account's key (the JWT bearer grant). Serves
 * Android, and iOS and web tokens registered through Firebase.
 */
export class FcmProvider implements PushProvider {
  readonly name = 'fcm' as const;
  private access: { token: string; until: number } | null = null;

  constructor(
    private readonly opts: FcmOptions,
    private readonly log: Logger,
    private readonly apnsToo: boolean,
  ) {}

  /** iOS devices go to APNs when APNs is configured, else through FCM. */
  serves(platform: DevicePlatform): boolean {
    return platform !== 'ios' || !this.apnsToo;
  }

  private async accessToken(): Promise<string> {
    if (this.access && this.access.until > Date.now() + 60_000) return this.access.token;
    const key = await importPKCS8(pemFromEnv(this.opts.privateKey), 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.opts.clientEmail)
      .setAudience(this.opts.tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    const res = await fetch(this.opts.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`FCM token request failed: ${res.status}`);
    const json = (await res.json()) as { access_token: string; expires_in: number };
    this.access = { token: json.access_token, until: Date.now() + json.expires_in * 1000 };
    return json.access_token;
  }

  private body(token: string, m: PushMessage): object {
    const data = { ...m.data, ...(m.link ? { link: m.link } : {}) };
    if (m.silent) {
      return {
        message: {
          token,
          data,
          android: { priority: 'normal' },
          apns: {
            headers: { 'apns-push-type': 'background', 'apns-priority': '5' },
            payload: { aps: { 'content-available': 1 } },
          },
        },
      };
    }
    return {
      message: {
        token,
        notification: { title: m.title, body: m.body },
        data,
        android: { priority: 'high' },
        webpush: m.link ? { fcm_options: { link: m.link } } : undefined,
      },
    };
  }

  async send(token: string, message: PushMessage): Promise<PushOutcome> {
    try {
      const url = `${this.opts.apiBase.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(this.opts.projectId)}/messages:send`;
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await this.accessToken()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(this.body(token, message)),
        signal: AbortSignal.timeout(10_000),
      });
      if (res.ok) return 'sent';
      const err = (await res.json().catch(() => null)) as {
        error?: { status?: string; details?: { errorCode?: string }[] };
      } | null;
      const code = err?.error?.details?.find((d) => d.errorCode)?.errorCode ?? err?.error?.status;
      if (res.status === 404 || code === 'UNREGISTERED') return 'gone';
      if (res.status === 401) this.access = null;
      this.log.warn({ status: res.status, code }, 'FCM refused a push');
      return 'failed';
    } catch (err) {
      this.log.warn({ err }, 'FCM push failed');
      return 'failed';
    }
  }

  async close(): Promise<void> {}
}
