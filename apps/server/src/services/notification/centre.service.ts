import { and, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  NOTIFICATION_KINDS,
  type ChannelSetting,
  type NotificationDto,
  type NotificationKind,
  type NotificationSettingsDto,
} from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import type { Platform } from '../../platform/service';
import { notifications, notificationSettings } from './schema';

export type NotificationRow = typeof notifications.$inferSelect;
export const toNotification = (r: NotificationRow): NotificationDto => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  actorUuid: r.actorUuid,
  params: r.params,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
});

type Kinds = Partial<Record<NotificationKind, ChannelSetting>>;
const ON: ChannelSetting = { app: true, push: true };

/** NOTIFY-SET-1: every kind on, in the app and on devices, until the user turns it off. */
export function effective(kinds: Kinds | undefined): Record<NotificationKind, ChannelSetting> {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [k, { ...ON, ...(kinds?.[k] ?? {}) }]),
  ) as Record<NotificationKind, ChannelSetting>;
}

/** The notification centre: lists, unread counts, read marks, settings (NOTIFY-CENTRE-*). */
export class CentreService {
  constructor(private readonly platform: Platform) {}

  private get db(): Db {
    return this.platform.db;
  }

  private visible(userUuid: string) {
    return and(eq(notifications.userUuid, userUuid), eq(notifications.silent, false))!;
  }

  async unread(userUuid: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(this.visible(userUuid), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  }

  /** NOTIFY-CENTRE-1: newest first, in pages that continue before the last item seen. */
  async list(userUuid: string, before: string | undefined, limit: number, unreadOnly: boolean) {
    let where = this.visible(userUuid);
    if (unreadOnly) where = and(where, isNull(notifications.readAt))!;
    if (before) {
      const [anchor] = await this.db
        .select({ at: notifications.createdAt, id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.id, before), eq(notifications.userUuid, userUuid)));
      if (anchor) {
        where = and(
          where,
          or(
            lt(notifications.createdAt, anchor.at),
            and(eq(notifications.createdAt, anchor.at), lt(notifications.id, anchor.id)),
          ),
        )!;
      }
    }
    const rows = await this.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    return {
      notifications: page.map(toNotification),
      next: rows.length > limit ? page[page.length - 1]!.id : null,
      unread: await this.unread(userUuid),
    };
  }

  /** NOTIFY-CENTRE-2: only the caller's own items are marked. */
  async markRead(userUuid: string, ids: string[] | undefined): Promise<{ unread: number }> {
    await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          this.visible(userUuid),
          isNull(notifications.readAt),
          ids ? inArray(notifications.id, ids) : sql`true`,
        ),
      );
    return { unread: await this.unread(userUuid) };
  }

  /** A person's items of one kind caused by one actor. */
  private byActor(userUuid: string, kind: NotificationKind, actorUuid: string) {
    return and(
      eq(notifications.userUuid, userUuid),
      eq(notifications.kind, kind),
      eq(notifications.actorUuid, actorUuid),
    );
  }

  /**
   * NOTIFY-CHAT-3: the person's unread items of `kind` caused by `actorUuid` up to `until` become
   * read (a conversation read in the chat). Idempotent; answers the items it changed.
   */
  async markReadFrom(
    userUuid: string,
    kind: NotificationKind,
    actorUuid: string,
    until: Date,
  ): Promise<NotificationDto[]> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          this.byActor(userUuid, kind, actorUuid),
          isNull(notifications.readAt),
          lte(notifications.createdAt, until),
        ),
      )
      .returning();
    return rows.map(toNotification);
  }

  /** NOTIFY-FAN-2: whether the person has an item of `kind` by `actorUuid` made since `since`. */
  async hasSince(
    userUuid: string,
    kind: NotificationKind,
    actorUuid: string,
    since: Date,
  ): Promise<boolean> {
    const [row] = await this.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(this.byActor(userUuid, kind, actorUuid), gte(notifications.createdAt, since)))
      .limit(1);
    return !!row;
  }

  async settings(userUuid: string): Promise<NotificationSettingsDto> {
    const [row] = await this.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userUuid, userUuid));
    return { kinds: effective(row?.kinds) };
  }

  async updateSettings(
    userUuid: string,
    change: Partial<Record<NotificationKind, Partial<ChannelSetting>>>,
  ): Promise<NotificationSettingsDto> {
    const current = (await this.settings(userUuid)).kinds;
    const next: Kinds = {};
    for (const k of NOTIFICATION_KINDS) next[k] = { ...current[k], ...(change[k] ?? {}) };
    await this.db
      .insert(notificationSettings)
      .values({ userUuid, kinds: next })
      .onConflictDoUpdate({
        target: notificationSettings.userUuid,
        set: { kinds: next, updatedAt: new Date() },
      });
    return { kinds: effective(next) };
  }

  /** Settings of many users at once (delivery). */
  async settingsOf(
    userUuids: string[],
  ): Promise<Map<string, Record<NotificationKind, ChannelSetting>>> {
    const rows = userUuids.length
      ? await this.db
          .select()
          .from(notificationSettings)
          .where(inArray(notificationSettings.userUuid, userUuids))
      : [];
    const byUser = new Map(rows.map((r) => [r.userUuid, r.kinds]));
    return new Map(userUuids.map((u) => [u, effective(byUser.get(u))]));
  }
}
