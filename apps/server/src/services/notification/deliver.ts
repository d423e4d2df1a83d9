import { eq, sql } from 'drizzle-orm';
import { notifyTopic } from '../../platform/bus';
import type { Db } from '../../platform/db/index';
import type { NotifyRequest } from '../../platform/events';
import type { Platform } from '../../platform/service';
import { CentreService, toNotification } from './centre.service';
import type { DevicesService } from './devices.service';
import { notifications, notificationThrottle } from './schema';
import { blocksOf } from './social';

const CHUNK = 500;

/**
 * Delivers one notification to its recipients (NOTIFY-ONCE-1, NOTIFY-SET-1, NOTIFY-BLOCK-1):
 * one centre item per person per event (the event id is the idempotency key), shown live, and
 * pushed to their phones and browsers only when that item is new — so a second delivery of the
 * same event (a retry, a restart) reaches nobody twice.
 */
export class Deliverer {
  readonly centre: CentreService;

  constructor(
    private readonly platform: Platform,
    private readonly devices: DevicesService,
  ) {
    this.centre = new CentreService(platform);
  }

  private get db(): Db {
    return this.platform.db;
  }

  /** NOTIFY-BLOCK-1: people among `uuids` who blocked `actor` (NOTIFY-SOCIAL-1 without blocks). */
  private async blockedActor(actor: string, uuids: string[]): Promise<Set<string>> {
    if (uuids.length === 0) return new Set();
    return new Set(await blocksOf(this.platform).blockersAmong(actor, uuids));
  }

  async deliver(eventId: string, req: NotifyRequest): Promise<number> {
    if (req.everyone) return this.deliverToEveryone(eventId, req);
    let recipients = [...new Set(req.recipients)].filter((u) => u !== req.actorUuid);
    if (req.actorUuid) {
      const blocked = await this.blockedActor(req.actorUuid, recipients);
      recipients = recipients.filter((u) => !blocked.has(u));
    }
    let delivered = 0;
    for (let i = 0; i < recipients.length; i += CHUNK) {
      delivered += await this.deliverChunk(eventId, req, recipients.slice(i, i + CHUNK));
    }
    return delivered;
  }

  /** NOTIFY-SEND-4: every active account, a page at a time (a retry repeats nobody's). */
  private async deliverToEveryone(eventId: string, req: NotifyRequest): Promise<number> {
    const users = this.platform.ports.users;
    if (!users) throw new Error('the user service is not running here');
    let after: string | null = null;
    let delivered = 0;
    for (;;) {
      const page = await users.activeUuids(after, CHUNK);
      if (page.length === 0) return delivered;
      delivered += await this.deliverChunk(eventId, req, page);
      after = page[page.length - 1]!;
    }
  }

  private async deliverChunk(
    eventId: string,
    req: NotifyRequest,
    users: string[],
  ): Promise<number> {
    const settings = await this.centre.settingsOf(users);
    const wanted = users.filter((u) => {
      const s = settings.get(u)![req.kind];
      return req.silent || s.app || s.push;
    });
    if (wanted.length === 0) return 0;
    const rows = await this.db
      .insert(notifications)
      .values(
        wanted.map((u) => ({
          userUuid: u,
          eventId,
          kind: req.kind,
          title: req.title,
          body: req.body,
          link: req.link,
          actorUuid: req.actorUuid,
          params: req.params,
          // Not shown when data-only, or when the person wants this kind only on devices.
          silent: req.silent || !settings.get(u)![req.kind].app,
        })),
      )
      .onConflictDoNothing()
      .returning();
    for (const row of rows) {
      if (row.silent) continue;
      void this.platform.bus
        .publish(notifyTopic(row.userUuid), { notification: toNotification(row) })
        .catch((err: unknown) => this.platform.log.warn({ err }, 'live notification failed'));
    }
    const pushTo = rows
      .filter((r) => req.silent || settings.get(r.userUuid)![req.kind].push)
      .map((r) => r.userUuid);
    if (pushTo.length) {
      const message = {
        title: req.silent ? undefined : req.title,
        body: req.silent ? undefined : req.body,
        link: req.link,
        data: { ...req.data, kind: req.kind, eventId },
        silent: req.silent,
      };
      await Promise.all([
        this.devices.push(pushTo, message),
        this.platform.ports.webPush?.send(pushTo, message),
      ]);
    }
    return rows.length;
  }

  /** NOTIFY-CHAT-4: notes that what `key` names was read up to `at` (the mark never moves back). */
  async noteRead(key: string, at: Date): Promise<void> {
    await this.db
      .insert(notificationThrottle)
      .values({ key, lastAt: at })
      .onConflictDoUpdate({
        target: notificationThrottle.key,
        set: { lastAt: sql`greatest(${notificationThrottle.lastAt}, excluded.last_at)` },
      });
  }

  /** NOTIFY-CHAT-4: whether what `key` names was read at or after `at`. */
  async readSince(key: string, at: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ at: notificationThrottle.lastAt })
      .from(notificationThrottle)
      .where(eq(notificationThrottle.key, key));
    return !!row && row.at.getTime() >= at.getTime();
  }

  /**
   * NOTIFY-DJ-2, NOTIFY-ROOM-2, NOTIFY-SEND-3: true (and the time noted) when nothing under this
   * key happened in the last `seconds`; atomic across processes.
   */
  async throttle(key: string, seconds: number): Promise<boolean> {
    const now = new Date();
    const rows = await this.db
      .insert(notificationThrottle)
      .values({ key, lastAt: now })
      .onConflictDoUpdate({
        target: notificationThrottle.key,
        set: { lastAt: now },
        setWhere: sql`${notificationThrottle.lastAt} < ${new Date(now.getTime() - seconds * 1000)}`,
      })
      .returning();
    return rows.length > 0;
  }
}
