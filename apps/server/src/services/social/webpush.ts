import { eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { WebPushSubscription } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { fail } from '../../platform/errors';
import type { PushMessage, WebPushPort } from '../../platform/ports';
import { isPublicHttpsUrl } from '../../platform/public-address';
import { dataDirSecret } from '../../platform/secrets';
import type { Platform } from '../../platform/service';
import { webPushSubscriptions } from './schema';

interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

async function loadVapid(platform: Platform): Promise<Vapid> {
  const c = platform.config;
  const subject = c.VAPID_SUBJECT ?? `mailto:push@${new URL(c.publicUrl).hostname}`;
  if (c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY) {
    return { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY, subject };
  }
  const stored = JSON.parse(
    await dataDirSecret(c.dataDir, 'vapid.json', () => JSON.stringify(webpush.generateVAPIDKeys())),
  ) as { publicKey: string; privateKey: string };
  return { ...stored, subject };
}

/**
 * Web push (SOCIAL-PUSH-1..4) with the `web-push` library: it signs the VAPID JWT and encrypts
 * the payload (aes128gcm) for the subscription's keys; the request itself is sent with fetch.
 */
export class WebPushService implements WebPushPort {
  private constructor(
    private readonly platform: Platform,
    readonly vapid: Vapid,
  ) {}

  static async create(platform: Platform): Promise<WebPushService> {
    return new WebPushService(platform, await loadVapid(platform));
  }

  private get db(): Db {
    return this.platform.db;
  }

  /** SOCIAL-PUSH-2: an https endpoint on the public internet, unless tests allow otherwise. */
  private async acceptable(endpoint: string): Promise<boolean> {
    if (this.platform.config.PUSH_ALLOW_INSECURE_ENDPOINTS) return /^https?:\/\//.test(endpoint);
    return isPublicHttpsUrl(endpoint);
  }

  /** SOCIAL-PUSH-1: a subscription belongs to the last account that saved it. */
  async subscribe(userUuid: string, sub: WebPushSubscription): Promise<{ success: boolean }> {
    if (!(await this.acceptable(sub.endpoint))) throw fail('PUSH_ENDPOINT_REFUSED');
    const row = { userUuid, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
    await this.db
      .insert(webPushSubscriptions)
      .values({ endpoint: sub.endpoint, ...row })
      .onConflictDoUpdate({ target: webPushSubscriptions.endpoint, set: row });
    return { success: true };
  }

  async unsubscribe(userUuid: string, endpoint: string): Promise<{ success: boolean }> {
    const [row] = await this.db
      .select()
      .from(webPushSubscriptions)
      .where(eq(webPushSubscriptions.endpoint, endpoint));
    if (!row || row.userUuid !== userUuid) throw fail('PUSH_SUBSCRIPTION_NOT_FOUND');
    await this.db.delete(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, endpoint));
    return { success: true };
  }

  /** What the service worker receives (public/sw.js reads these fields). */
  private payload(m: PushMessage): string {
    return JSON.stringify(
      m.silent
        ? { silent: true, data: m.data }
        : { title: m.title, body: m.body, link: m.link ?? null, data: m.data },
    );
  }

  async send(
    userUuids: string[],
    message: PushMessage,
  ): Promise<{ sent: number; removed: number }> {
    if (userUuids.length === 0) return { sent: 0, removed: 0 };
    const subs = await this.db
      .select()
      .from(webPushSubscriptions)
      .where(inArray(webPushSubscriptions.userUuid, userUuids));
    const body = this.payload(message);
    let sent = 0;
    const gone: string[] = [];
    await Promise.all(
      subs.map(async (s) => {
        const outcome = await this.sendOne(s, body, message.silent);
        if (outcome === 'sent') sent++;
        if (outcome === 'gone') gone.push(s.endpoint);
      }),
    );
    // SOCIAL-PUSH-3: the push service says this subscription is gone (404/410): forget it.
    if (gone.length) {
      await this.db
        .delete(webPushSubscriptions)
        .where(inArray(webPushSubscriptions.endpoint, gone));
    }
    return { sent, removed: gone.length };
  }

  private async sendOne(
    s: typeof webPushSubscriptions.$inferSelect,
    body: string,
    silent: boolean,
  ): Promise<'sent' | 'gone' | 'failed'> {
    try {
      const req = webpush.generateRequestDetails(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        body,
        {
          vapidDetails: this.vapid,
          TTL: silent ? 60 : 24 * 3600,
          urgency: silent ? 'low' : 'high',
          contentEncoding: 'aes128gcm',
        },
      );
      const res = await fetch(req.endpoint, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.body ? new Uint8Array(req.body as Buffer) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status >= 200 && res.status < 300) return 'sent';
      if (res.status === 404 || res.status === 410) return 'gone';
      this.platform.log.warn({ status: res.status }, 'push service refused a web push');
      return 'failed';
    } catch (err) {
      this.platform.log.warn({ err }, 'web push failed');
      return 'failed';
    }
  }
}
