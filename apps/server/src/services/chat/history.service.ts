import type {
  ChatMessagesQuery,
  ChatPageQuery,
  CometConversation,
  CometMessageListRes,
} from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { fail } from '../../platform/errors';
import type { ChatCaller } from './access';
import type { ChatCore } from './core';
import {
  cometGroup,
  cometMessage,
  cometUser,
  cometUserOf,
  groupConversationId,
  userConversationId,
} from './present';
import type { PageOptions } from './repository';
import type { ChatMessageRow } from './schema';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const DEFAULT_PAGE = 50;

/** Seconds, or milliseconds (bots send both): a Date. */
function timeOf(value: number): Date {
  return new Date(value > 20_000_000_000 ? value : value * 1000);
}

/** Message pages (CHAT-PAGE-1), conversations and read marks. */
export class ChatHistory {
  constructor(private readonly core: ChatCore) {}

  /** CHAT-PAGE-1: paging by id and/or sentAt with affix; pages are in ascending order. */
  private options(q: ChatMessagesQuery, reader: string): PageOptions {
    const sentAt = q.sentAt ?? q.fromTimestamp;
    const affix =
      q.affix ?? (q.fromTimestamp !== undefined && q.sentAt === undefined ? 'append' : 'prepend');
    return {
      limit: q.per_page ?? q.limit ?? DEFAULT_PAGE,
      affix,
      id: q.id,
      sentAt: sentAt !== undefined ? timeOf(sentAt) : undefined,
      hideDeleted: q.hideDeleted,
      category: q.category,
      type: q.type,
      reader,
    };
  }

  private async list(
    rows: ChatMessageRow[],
    limit: number,
    viewer: string,
  ): Promise<CometMessageListRes> {
    const reactions = await this.core.repo.reactionsOf(rows.map((r) => r.id));
    const data = rows.map((r) => cometMessage(r, reactions.get(r.id) ?? [], viewer));
    const first = data[0];
    const last = data[data.length - 1];
    return {
      data,
      meta: {
        current: { limit, count: data.length },
        ...(first
          ? { previous: { affix: 'prepend' as const, sentAt: first.sentAt, id: first.id } }
          : {}),
        ...(last ? { next: { affix: 'append' as const, sentAt: last.sentAt, id: last.id } } : {}),
      },
    };
  }

  /** GET /v3.0/groups/{guid}/messages: CHAT-READ-1, blocked senders and own reports hidden. */
  async groupPage(caller: ChatCaller, guid: string, q: ChatMessagesQuery) {
    const room = await this.core.access.room(guid);
    await this.core.access.assertCanRead(room, caller);
    const cid = groupConversationId(room.uuid);
    const o = this.options(q, caller.uid);
    o.hiddenSenders = await this.core.access.blockedBy(caller.uid);
    if (q.unread)
      o.unreadAfter = { id: await this.core.repo.lastRead(caller.uid, cid), reader: caller.uid };
    return this.list(await this.core.repo.page(cid, o), o.limit, caller.uid);
  }

  /** A direct conversation partner: an account, not the caller. */
  private async partner(caller: ChatCaller, uid: string) {
    if (caller.readOnly) throw fail('CHAT_READ_ONLY');
    if (!UUID_RE.test(uid) || uid === caller.uid) throw fail('CHAT_USER_NOT_FOUND');
    const profile = await this.core.profiles.one(uid);
    if (!profile && this.core.profiles.available) throw fail('CHAT_USER_NOT_FOUND');
    return profile;
  }

  /** GET /v3.0/users/{uid}/messages: the caller's direct conversation with uid. */
  async userPage(caller: ChatCaller, uid: string, q: ChatMessagesQuery) {
    await this.partner(caller, uid);
    const cid = userConversationId(caller.uid, uid);
    const o = this.options(q, caller.uid);
    o.hiddenSenders = await this.core.access.blockedBy(caller.uid);
    if (q.unread)
      o.unreadAfter = { id: await this.core.repo.lastRead(caller.uid, cid), reader: caller.uid };
    return this.list(await this.core.repo.page(cid, o), o.limit, caller.uid);
  }

  /** Conversation objects of these ids (a page of the caller's list, or one). */
  private async conversations(caller: ChatCaller, ids: string[]): Promise<CometConversation[]> {
    const { core } = this;
    const last = await core.repo.lastMessages(ids);
    const unread = await core.repo.unreadCounts(caller.uid, ids);
    const reactions = await core.repo.reactionsOf([...last.values()].map((r) => r.id));
    const others = ids
      .filter((id) => !id.startsWith('group_'))
      .map((id) => id.split('_user_').find((u) => u !== caller.uid) ?? caller.uid);
    const profiles = await core.profiles.get(others);
    const out: CometConversation[] = [];
    for (const cid of ids) {
      const row = last.get(cid);
      const lastMessage = row
        ? cometMessage(row, reactions.get(row.id) ?? [], caller.uid)
        : undefined;
      let conversationWith: CometConversation['conversationWith'];
      if (cid.startsWith('group_')) {
        const room = await core.platform.ports.rooms?.get(cid.slice(6));
        if (!room) continue;
        conversationWith = cometGroup(room, {
          membersCount: await core.members.count(room.uuid),
          member: await core.members.get(room.uuid, caller.uid),
        });
      } else {
        const other = cid.split('_user_').find((u) => u !== caller.uid) ?? caller.uid;
        const p = profiles.get(other);
        conversationWith = p
          ? cometUserOf(other, p)
          : row
            ? cometUser(
                other,
                row.sender === other ? row.senderName : row.receiverName,
                row.sender === other ? row.senderAvatar : row.receiverAvatar,
              )
            : cometUser(other, other, '');
      }
      out.push({
        conversationId: cid,
        conversationType: cid.startsWith('group_') ? 'group' : 'user',
        unreadMessageCount: unread.get(cid) ?? 0,
        updatedAt: row ? Math.floor(row.updatedAt.getTime() / 1000) : 0,
        ...(lastMessage ? { lastMessage } : {}),
        conversationWith,
      });
    }
    return out;
  }

  /** GET /v3.0/conversations: the caller's direct conversations and joined room chats. */
  async conversationList(caller: ChatCaller, q: ChatPageQuery) {
    if (caller.readOnly) throw fail('CHAT_READ_ONLY');
    const perPage = q.per_page ?? q.limit ?? DEFAULT_PAGE;
    const page = q.page ?? 1;
    const { total, items } = await this.core.repo.conversationsOf(
      caller.uid,
      q.conversationType,
      perPage,
      (page - 1) * perPage,
    );
    const data = await this.conversations(
      caller,
      items.map((i) => i.conversationId),
    );
    return {
      data,
      meta: {
        pagination: {
          total,
          count: data.length,
          per_page: perPage,
          current_page: page,
          total_pages: Math.max(1, Math.ceil(total / perPage)),
        },
      },
    };
  }

  /** GET /v3.0/users/{uid}/conversation. */
  async userConversation(caller: ChatCaller, uid: string): Promise<CometConversation> {
    const profile = await this.partner(caller, uid);
    const cid = userConversationId(caller.uid, uid);
    const [found] = await this.conversations(caller, [cid]);
    return (
      found ?? {
        conversationId: cid,
        conversationType: 'user',
        unreadMessageCount: 0,
        updatedAt: 0,
        conversationWith: cometUserOf(uid, profile),
      }
    );
  }

  /**
   * CHAT-UNREAD-1: marks a conversation read up to its latest message. CHAT-UNREAD-2: when that
   * moves the mark, the same transaction writes `chat.directRead`, so the notification service
   * marks this conversation's direct-message notifications read (NOTIFY-CHAT-3).
   */
  async markUserRead(caller: ChatCaller, uid: string) {
    await this.partner(caller, uid);
    const { repo, platform } = this.core;
    const cid = userConversationId(caller.uid, uid);
    const latest = await repo.latestId(cid);
    if (latest <= (await repo.lastRead(caller.uid, cid))) return { data: { success: true } };
    await platform.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await repo.markRead(caller.uid, cid, latest, db);
      await platform.outbox.add(db, 'chat.directRead', {
        readerUuid: caller.uid,
        otherUuid: uid,
        readAt: new Date().toISOString(),
      });
    });
    platform.outbox.kick();
    return { data: { success: true } };
  }

  async markGroupRead(caller: ChatCaller, guid: string) {
    if (caller.readOnly) throw fail('CHAT_READ_ONLY');
    const room = await this.core.access.room(guid);
    await this.core.access.assertCanRead(room, caller);
    const cid = groupConversationId(room.uuid);
    await this.core.repo.markRead(caller.uid, cid, await this.core.repo.latestId(cid));
    return { data: { success: true } };
  }
}
