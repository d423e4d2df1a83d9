import type { ChatPageQuery, CometGroup, CometGroupMember, RoomDto } from '@tt/protocol';
import { requireAccess } from '../../platform/access';
import { fail } from '../../platform/errors';
import { chatActor, refusedEntry, scopeFor, type ChatCaller } from './access';
import type { ChatCore } from './core';
import { DEFAULT_PAGE } from './history.service';
import { cometGroup, cometMember, groupConversationId } from './present';

/** Room chat membership: joining, the member list, scopes that follow room roles. */
export class ChatMembers {
  constructor(private readonly core: ChatCore) {}

  /**
   * CHAT-JOIN-1: the caller joins a room's chat (joining again changes nothing). Bots name
   * themselves in `participants`; naming anybody else is refused (CHAT-JOIN-2). Their read mark
   * starts at the latest message, so only later messages count as unread.
   */
  async join(caller: ChatCaller, room: RoomDto, participants: string[] = []): Promise<CometGroup> {
    if (participants.some((p) => p !== caller.uid)) throw fail('CHAT_MEMBERS_SELF_ONLY');
    const { core } = this;
    await core.access.assertCanJoin(room, caller);
    const { row, created } = await core.members.join(
      room.uuid,
      caller.uid,
      scopeFor(room, caller.uid),
    );
    if (created) {
      const cid = groupConversationId(room.uuid);
      await core.repo.markRead(caller.uid, cid, await core.repo.latestId(cid));
    }
    return cometGroup(room, { membersCount: await core.members.count(room.uuid), member: row });
  }

  /** GET /v3.0/groups/{guid}/members: readable by whoever may read the room's chat. */
  async list(caller: ChatCaller, guid: string, q: ChatPageQuery) {
    const room = await this.core.access.room(guid);
    await this.core.access.assertCanRead(room, caller);
    const perPage = q.per_page ?? q.limit ?? DEFAULT_PAGE;
    const page = q.page ?? 1;
    const { total, rows } = await this.core.members.page(room.uuid, perPage, (page - 1) * perPage);
    const profiles = await this.core.profiles.get(rows.map((r) => r.uid));
    return {
      data: rows.map((r) => cometMember(r, profiles.get(r.uid))),
      meta: {
        pagination: {
          total,
          count: rows.length,
          per_page: perPage,
          current_page: page,
          total_pages: Math.max(1, Math.ceil(total / perPage)),
        },
      },
    };
  }

  /**
   * CHAT-SYNC-1: members' scopes follow their room roles (owner and co-owners admin, moderators
   * moderator, everyone else participant); banned and kicked members leave the chat. Runs on
   * room.rolesChanged and room.userKicked, and on POST /roomUserRoles/cometchat/sync/{id}.
   * Answers the members it looked at, as they are now.
   */
  async sync(room: RoomDto, uids?: string[]): Promise<CometGroupMember[]> {
    const { core } = this;
    const rows = await core.members.of(room.uuid, uids);
    const kept = [];
    for (const row of rows) {
      if (refusedEntry(room, { uid: row.uid, roles: [] })) {
        await core.members.remove(room.uuid, row.uid);
        continue;
      }
      const scope = scopeFor(room, row.uid);
      if (scope !== row.scope) await core.members.setScope(room.uuid, row.uid, scope);
      kept.push({ ...row, scope });
    }
    const profiles = await core.profiles.get(kept.map((r) => r.uid));
    return kept.map((r) => cometMember(r, profiles.get(r.uid)));
  }

  /** The sync endpoint: the room's moderators and staff may ask for it. */
  async syncAsked(caller: ChatCaller, idOrSlug: string, uids?: string[]) {
    const room = await this.core.access.find(idOrSlug);
    requireAccess(chatActor(caller), 'chat.members.manage', { room });
    return { members: await this.sync(room, uids) };
  }

  /** A room's roles changed: re-sync that member (when the room still exists). */
  async onRolesChanged(roomUuid: string, userUuid: string): Promise<void> {
    const room = await this.core.platform.ports.rooms?.get(roomUuid);
    if (room) await this.sync(room, [userUuid]);
  }

  async onRoomDeleted(roomUuid: string): Promise<void> {
    await this.core.members.removeAll(roomUuid);
  }
}
