import { and, desc, eq, sql } from 'drizzle-orm';
import type { FriendInvitationDto } from '@tt/protocol';
import type { EventBus } from '../../platform/bus';
import { isoText } from '../../platform/db/iso-text';
import { KeptPages } from '../../platform/kept-pages';
import { JsonText } from '../../platform/route';
import type { Platform } from '../../platform/service';
import { friendInvitations } from './schema';

declare module '../../platform/bus' {
  interface BusTopics {
    /** SOC-INV-LIST-2: these people's pending invitations changed: drop their kept lists. */
    'social.invitationsChanged': { uuids: string[] };
  }
}

/** SOC-INV-LIST-2: how long a person's pending lists are kept (10 seconds). */
export const PENDING_KEEP_MS = 10_000;

export type PendingAnswer = JsonText<{ invitations: FriendInvitationDto[] }>;

/**
 * A person's pending friend invitations, received (`for`) or sent (`from`). SOC-INV-LIST-1: the
 * 500 newest, read in order from an index. HTTP-JSON-1: the database writes the list as the
 * answer's JSON, so no row is parsed into objects and written out again here. SOC-INV-LIST-2: each
 * process keeps that text per person and side for 10 s; any change of an invitation drops both
 * people's lists on every process (the bus; on the changing process, at once).
 */
export class PendingLists {
  private readonly kept: KeptPages<string, PendingAnswer>;

  constructor(
    private readonly platform: Platform,
    ttlMs = PENDING_KEEP_MS,
  ) {
    this.kept = new KeptPages(ttlMs, Date.now, 5000);
  }

  /** Subscribes this process to the drops every process publishes. */
  follow(bus: EventBus): Promise<() => Promise<void>> {
    return bus.subscribe('social.invitationsChanged', ({ uuids }) => {
      for (const uuid of uuids) this.kept.drop(uuid);
    });
  }

  /** Invitations between these people changed (after the commit): drop their kept lists. */
  changed(...uuids: string[]): void {
    for (const uuid of uuids) this.kept.drop(uuid);
    this.platform.bus
      .publish('social.invitationsChanged', { uuids })
      .catch((err) => this.platform.log.warn({ err }, 'publishing an invitation change failed'));
  }

  of(uuid: string, side: 'for' | 'from'): Promise<PendingAnswer> {
    return this.kept.keep(uuid, side, () => this.read(uuid, side));
  }

  private async read(uuid: string, side: 'for' | 'from'): Promise<PendingAnswer> {
    const db = this.platform.db;
    const column = side === 'for' ? friendInvitations.receiverUuid : friendInvitations.senderUuid;
    const page = db
      .select({
        id: friendInvitations.id,
        senderUuid: friendInvitations.senderUuid,
        receiverUuid: friendInvitations.receiverUuid,
        status: friendInvitations.status,
        createdAt: friendInvitations.createdAt,
        updatedAt: friendInvitations.updatedAt,
      })
      .from(friendInvitations)
      .where(and(eq(column, uuid), eq(friendInvitations.status, 'pending')))
      .orderBy(desc(friendInvitations.createdAt))
      .limit(500)
      .as('page');
    const [row] = await db
      .select({
        json: sql<string>`coalesce(json_agg(json_build_object(
          'id', ${page.id}, 'senderUuid', ${page.senderUuid}, 'receiverUuid', ${page.receiverUuid},
          'invitationStatus', ${page.status}, 'createdAt', ${isoText(page.createdAt)},
          'updatedAt', ${isoText(page.updatedAt)})
          order by ${page.createdAt} desc), '[]')::text`,
      })
      .from(page);
    return new JsonText(`{"invitations":${row!.json}}`);
  }
}
