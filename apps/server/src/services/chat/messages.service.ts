import type { CometMessage, EditChatMessageReq, RoomDto, SendChatMessageReq } from '@tt/protocol';
import { canEdit, canRecall, CHAT_MAX_REACTIONS_PER_USER } from '@tt/rules';
import { randomUUID } from 'node:crypto';
import { fail } from '../../platform/errors';
import { requireAccess } from '../../platform/access';
import { chatActor, mayInChat, type ChatCaller } from './access';
import { composeChatMessage, composeMessage, assertLength } from './compose';
import type { ChatCore } from './core';
import { requireTrustToEdit, requireTrustToSend } from './trust';
import { cometMessage, groupConversationId, userConversationId } from './present';
import type { Db } from '../../platform/db/index';
import type { DomainEvents } from '../../platform/events';
import type { ChatMessageRow } from './schema';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sending, reading one, editing, deleting and reacting to chat messages. */
export class ChatMessages {
  constructor(private readonly core: ChatCore) {}

  /** The message as this viewer sees it (reactions, reactedByMe). */
  async present(row: ChatMessageRow, viewer?: string): Promise<CometMessage> {
    const reactions = (await this.core.repo.reactionsOf([row.id])).get(row.id) ?? [];
    return cometMessage(row, reactions, viewer);
  }

  /** POST /v3.0/messages (and the socket's `send`). */
  async send(caller: ChatCaller, body: SendChatMessageReq): Promise<CometMessage> {
    if (caller.readOnly) throw fail('CHAT_READ_ONLY');
    const { core } = this;
    let room: RoomDto | null = null;
    let receiverName: string;
    let receiverAvatar = '';
    let conversationId: string;
    // The sender's profile (cached) is looked up beside the receiver's checks.
    const senderProfile = core.profiles.one(caller.uid);
    senderProfile.catch(() => {});
    if (body.receiverType === 'group') {
      // CHAT-SEND-2: the room and the membership from memory (dropped by every change of them).
      const guid = body.receiver.toLowerCase();
      const [found, member] = await Promise.all([
        core.rights.room(guid),
        core.rights.member(guid, caller.uid),
      ]);
      room = found;
      core.access.assertCanWrite(room, caller, member);
      receiverName = room.name;
      conversationId = groupConversationId(room.uuid);
    } else {
      if (!UUID_RE.test(body.receiver)) throw fail('CHAT_USER_NOT_FOUND');
      if (body.receiver === caller.uid) throw fail('CHAT_SELF_MESSAGE');
      const profile = await core.profiles.one(body.receiver);
      if (!profile && core.profiles.available) throw fail('CHAT_USER_NOT_FOUND');
      // CHAT-BLOCK-1: a user who blocked the sender receives no direct messages from them.
      if (await core.access.isBlocked(body.receiver, caller.uid)) throw fail('CHAT_BLOCKED');
      receiverName = profile?.nickname ?? body.receiver;
      receiverAvatar = profile?.avatarId ?? '';
      conversationId = userConversationId(caller.uid, body.receiver);
    }
    const profile = await senderProfile;
    const composed = composeMessage(body, {
      sender: caller.uid,
      profile,
      mayPostRoom: mayInChat(caller, 'chat.room.announce', room),
      maxLength: core.maxLength,
    });
    // TRUST-4, TRUST-5: links, images and messages to strangers wait for earned trust.
    await requireTrustToSend(core.platform, caller, composed, room ? null : body.receiver);
    await core.flood.take(caller.uid);
    const chat = composed.metadata?.chatMessage as
      { userName?: string; avatarId?: string } | undefined;
    // CHAT-SEND-3: stored with the other sends of this turn; answered once committed.
    const { row, created } = await core.sends.store({
      conversationId,
      receiverType: body.receiverType,
      receiver: room ? room.uuid : body.receiver,
      sender: caller.uid,
      category: body.category,
      type: composed.type,
      text: composed.text,
      attachments: composed.attachments,
      metadata: composed.metadata,
      customData: composed.customData,
      clientId: composed.clientId,
      senderName: chat?.userName ?? profile?.nickname ?? caller.uid,
      senderAvatar: chat?.avatarId ?? profile?.avatarId ?? '',
      receiverName,
      receiverAvatar,
    });
    if (created) {
      const message = cometMessage(row, []);
      await core.fanout.publish(row, { kind: 'message', sender: caller.uid, message });
      return message;
    }
    return this.present(row, caller.uid);
  }

  /**
   * The message, when the caller may read it (CHAT-READ-1 for room chats; the two people of a
   * direct conversation); 404 otherwise. Answers its room for room messages.
   */
  async readable(
    caller: ChatCaller,
    id: string,
  ): Promise<{ row: ChatMessageRow; room: RoomDto | null }> {
    const row = await this.core.repo.byId(Number(id));
    if (!row) throw fail('CHAT_MESSAGE_NOT_FOUND');
    if (row.receiverType === 'group') {
      const room = await this.core.access.room(row.receiver);
      await this.core.access.assertCanRead(room, caller);
      return { row, room };
    }
    if (row.sender !== caller.uid && row.receiver !== caller.uid) {
      throw fail('CHAT_MESSAGE_NOT_FOUND');
    }
    return { row, room: null };
  }

  async get(caller: ChatCaller, id: string): Promise<CometMessage> {
    const { row } = await this.readable(caller, id);
    return this.present(row, caller.uid);
  }

  /** Write checks of an existing message's conversation (room rules, or not blocked). */
  private async assertCanWriteTo(caller: ChatCaller, row: ChatMessageRow, room: RoomDto | null) {
    if (caller.readOnly) throw fail('CHAT_READ_ONLY');
    if (room) {
      this.core.access.assertCanWrite(
        room,
        caller,
        await this.core.members.get(room.uuid, caller.uid),
      );
    } else {
      const other = row.sender === caller.uid ? row.receiver : row.sender;
      if (await this.core.access.isBlocked(other, caller.uid)) throw fail('CHAT_BLOCKED');
    }
  }

  /** PUT /v3.0/messages/{id}: CHAT-EDIT-1, own text messages within 15 minutes. */
  async edit(caller: ChatCaller, id: string, body: EditChatMessageReq): Promise<CometMessage> {
    const { row, room } = await this.readable(caller, id);
    if (row.deletedAt) throw fail('CHAT_MESSAGE_NOT_FOUND');
    await this.assertCanWriteTo(caller, row, room);
    const now = Date.now();
    if (!canEdit({ ...row, sentAtMs: row.sentAt.getTime() }, caller.uid, now)) {
      throw fail('CHAT_EDIT_FORBIDDEN');
    }
    assertLength(body.data.text, this.core.maxLength);
    if (!body.data.text.trim())
      throw fail(
        'CHAT_INVALID_MESSAGE',
        'This message is not valid: a text message needs data.text.',
      );
    await requireTrustToEdit(this.core.platform, caller, body.data.text); // TRUST-4
    const old = (row.metadata?.chatMessage ?? null) as Record<string, unknown> | null;
    let metadata = body.data.metadata ? { ...body.data.metadata } : row.metadata;
    const rawChat = body.data.metadata?.chatMessage ?? old;
    if (rawChat) {
      const next = { ...(rawChat as Record<string, unknown>) };
      if (typeof old?.message === 'string' && !body.data.metadata?.chatMessage)
        next.message = body.data.text;
      const chatMessage = composeChatMessage(next, {
        sender: caller.uid,
        profile: await this.core.profiles.one(caller.uid),
        text: body.data.text,
        imageUrls: [],
        clientId: row.clientId ?? String(old?.uuid ?? row.id),
        mayPostRoom: old?.type === 'room',
        maxLength: this.core.maxLength,
      });
      metadata = { ...(metadata ?? {}), chatMessage };
    }
    await this.core.flood.take(caller.uid);
    const updated = await this.core.repo.update(row.id, {
      text: body.data.text,
      metadata,
      editedAt: new Date(now),
      updatedAt: new Date(now),
    });
    const message = await this.present(updated);
    await this.core.fanout.publish(updated, { kind: 'edited', sender: caller.uid, message });
    return this.present(updated, caller.uid);
  }

  /**
   * DELETE /v3.0/messages/{id}: CHAT-RECALL-1 (own text messages within 20 s) and CHAT-MOD-1 (a
   * room's moderators delete any message of its chat; platform moderators any message). The
   * content is erased; the row stays as a tombstone. Deleting again answers the tombstone.
   */
  async delete(caller: ChatCaller, id: string): Promise<CometMessage> {
    if (caller.readOnly) throw fail('CHAT_READ_ONLY');
    const { row, room } = await this.readable(caller, id);
    if (row.deletedAt) return this.present(row, caller.uid);
    const now = Date.now();
    const recall = canRecall({ ...row, sentAtMs: row.sentAt.getTime() }, caller.uid, now);
    if (!recall)
      requireAccess(chatActor(caller), 'chat.message.delete.other', room ? { room } : {});
    await this.core.flood.take(caller.uid);
    const old = (row.metadata?.chatMessage ?? {}) as Record<string, unknown>;
    const keep = ['uuid', 'id', 'userUuid', 'userName', 'avatarId', 'color', 'type'];
    const tombstone = Object.fromEntries(keep.filter((k) => k in old).map((k) => [k, old[k]]));
    await this.core.repo.clearReactions(row.id);
    const updated = await this.core.repo.update(row.id, {
      text: null,
      attachments: null,
      customData: null,
      metadata: row.metadata ? { chatMessage: tombstone } : null,
      deletedAt: new Date(now),
      deletedBy: caller.uid,
      updatedAt: new Date(now),
    });
    const message = cometMessage(updated, []);
    await this.core.fanout.publish(updated, { kind: 'deleted', sender: caller.uid, message });
    return message;
  }

  /**
   * POST/DELETE /v3.0/messages/{id}/reactions/{reaction}: CHAT-REACT-1 (one of each reaction per
   * user: adding twice or removing a missing one changes nothing), CHAT-REACT-2 (at most 10
   * different reactions per user on a message). Same write checks as sending.
   */
  async react(
    caller: ChatCaller,
    id: string,
    reaction: string,
    add: boolean,
  ): Promise<CometMessage> {
    const { row, room } = await this.readable(caller, id);
    if (row.deletedAt) throw fail('CHAT_MESSAGE_NOT_FOUND');
    await this.assertCanWriteTo(caller, row, room);
    await this.core.flood.take(caller.uid);
    let changed: boolean;
    // CHAT-ANALYTICS-1: the reaction and its work event commit together (WORK-OUTBOX-1).
    const event: DomainEvents['chat.reactionChanged'] = {
      eventId: randomUUID(),
      messageId: String(row.id),
      roomUuid: row.receiverType === 'group' ? row.receiver : null,
      userUuid: caller.uid,
      reaction,
      action: add ? 'added' : 'removed',
      at: new Date().toISOString(),
    };
    const { outbox } = this.core.platform;
    const announce = (tx: Db) => outbox.add(tx, 'chat.reactionChanged', event, event.eventId);
    if (add) {
      if ((await this.core.repo.reactionCount(row.id, caller.uid)) >= CHAT_MAX_REACTIONS_PER_USER) {
        const mine = (await this.core.repo.reactionsOf([row.id])).get(row.id) ?? [];
        if (!mine.some((r) => r.userUuid === caller.uid && r.reaction === reaction)) {
          throw fail('CHAT_REACTIONS_FULL');
        }
      }
      changed = await this.core.repo.setReaction(row.id, caller.uid, reaction, true, announce);
    } else {
      changed = await this.core.repo.setReaction(row.id, caller.uid, reaction, false, announce);
    }
    if (changed) {
      outbox.kick();
      await this.core.fanout.publish(row, {
        kind: 'reaction',
        sender: caller.uid,
        action: add ? 'added' : 'removed',
        messageId: String(row.id),
        conversationId: row.conversationId,
        reaction,
      });
    }
    return this.present(row, caller.uid);
  }
}
