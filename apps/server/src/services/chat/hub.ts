import { SendChatMessageReq, type ChatServerFrame, type RoomDto } from '@tt/protocol';
import type { AuthContext } from '../../platform/auth';
import { notifyTopic } from '../../platform/bus';
import { AppError } from '../../platform/errors';
import { controlCharPath } from '../../platform/http-hardening';
import type { ChatGatewayPort, GatewayPeer } from '../../platform/ports';
import { gatewayFrame } from '../../realtime/gateway-chat';
import type { ChatCaller } from './access';
import { callerOfChatToken, callerOfSession } from './caller';
import type { ChatCore } from './core';
import { roomChatTopic, userChatTopic, type ChatEvent, type ChatTopic } from './fanout';
import type { ChatMessages } from './messages.service';

type HubTopic = ChatTopic | ReturnType<typeof notifyTopic>;

/** A connection that opened the chat on the gateway. */
interface HubPeer {
  readonly peer: GatewayPeer;
  readonly caller: ChatCaller;
  blocked: Set<string>;
  readonly topics: Set<string>;
}

type PeerFrame = Parameters<ChatGatewayPort['frame']>[1];

const errorFrame = (err: unknown, requestId?: string): ChatServerFrame => {
  const code = err instanceof AppError ? err.code : 'INTERNAL';
  const message = err instanceof AppError ? err.message : 'Something went wrong, please try again';
  return { type: 'error', code, message, ...(requestId ? { requestId } : {}) };
};

/**
 * CHAT-LIVE-1..4 on the one socket (GATEWAY-1..7): the chat's side of the gateway, independent of
 * the transport. Direct messages reach every opened connection of their two users, a room's
 * messages the connections subscribed to it (`subscribe` checks the reading rights), notifications
 * their user's (NOTIFY-LIVE-1). Delivery goes over the bus, so every process delivers to its own
 * connections; each message is encoded once per process, wrapped as `{context:'chat',frame}`.
 */
export class ChatHub implements ChatGatewayPort<ChatCaller> {
  private readonly peers = new Map<GatewayPeer, HubPeer>();
  private readonly byTopic = new Map<string, Set<HubPeer>>();
  private readonly subs = new Map<string, Promise<() => Promise<void>>>();

  constructor(
    private readonly core: ChatCore,
    private readonly messages: ChatMessages,
  ) {}

  get connectionCount(): number {
    return this.peers.size;
  }

  holderOfChatToken(token: string): Promise<ChatCaller | null> {
    return callerOfChatToken(this.core, token);
  }

  holderOfSession(auth: AuthContext): ChatCaller {
    return callerOfSession(auth);
  }

  async open(peer: GatewayPeer, caller: ChatCaller): Promise<void> {
    const ready = gatewayFrame({ type: 'ready', uid: caller.uid, readOnly: caller.readOnly });
    if (this.peers.has(peer)) return peer.send(ready);
    const p: HubPeer = { peer, caller, blocked: new Set(), topics: new Set() };
    this.peers.set(peer, p);
    if (!caller.readOnly) p.blocked = new Set(await this.core.access.blockedBy(caller.uid));
    if (this.peers.get(peer) !== p) return;
    if (!caller.readOnly) {
      await this.join(p, userChatTopic(caller.uid));
      await this.join(p, notifyTopic(caller.uid));
    }
    // Closed while opening: it leaves what it joined.
    if (this.peers.get(peer) !== p) return this.forget(p);
    peer.send(ready);
  }

  async frame(peer: GatewayPeer, frame: PeerFrame): Promise<void> {
    const p = this.peers.get(peer);
    if (!p) return;
    const { caller } = p;
    try {
      switch (frame.type) {
        case 'ping':
          return this.send(p, { type: 'pong' });
        case 'subscribe': {
          const room = await this.core.rights.room(frame.guid);
          await this.core.access.assertCanRead(room, caller);
          await this.join(p, roomChatTopic(room.uuid));
          if (this.peers.get(peer) !== p) return this.forget(p);
          return this.send(p, { type: 'subscribed', guid: room.uuid });
        }
        case 'unsubscribe':
          this.leave(p, roomChatTopic(frame.guid.toLowerCase()));
          return this.send(p, { type: 'unsubscribed', guid: frame.guid.toLowerCase() });
        case 'send': {
          // SEC-INPUT-1: the socket follows the rule of every other text of the API.
          const bad = controlCharPath(frame.body, 'body');
          if (bad)
            throw new AppError(400, 'VALIDATION', `${bad}: must not contain control characters`);
          const parsed = SendChatMessageReq.safeParse(frame.body);
          if (!parsed.success) {
            const i = parsed.error.issues[0];
            throw new AppError(400, 'VALIDATION', `body.${i.path.join('.')}: ${i.message}`);
          }
          const message = await this.messages.send(caller, parsed.data);
          return this.send(p, { type: 'sent', requestId: frame.requestId, message });
        }
      }
    } catch (err) {
      if (!(err instanceof AppError)) this.core.platform.log.error({ err }, 'chat frame failed');
      this.send(p, errorFrame(err, frame.type === 'send' ? frame.requestId : undefined));
    }
  }

  closed(peer: GatewayPeer): void {
    const p = this.peers.get(peer);
    if (!p) return;
    this.peers.delete(peer);
    this.forget(p);
  }

  private forget(p: HubPeer): void {
    for (const topic of [...p.topics]) this.leave(p, topic);
  }

  private send(p: HubPeer, frame: ChatServerFrame): void {
    p.peer.send(gatewayFrame(frame));
  }

  /** Adds the connection to a topic, subscribing this process on the bus first. */
  private async join(p: HubPeer, topic: HubTopic): Promise<void> {
    let set = this.byTopic.get(topic);
    if (!set) {
      set = new Set();
      this.byTopic.set(topic, set);
      const { bus } = this.core.platform;
      this.subs.set(
        topic,
        topic.startsWith('notify.')
          ? bus.subscribe(topic as ReturnType<typeof notifyTopic>, (e) =>
              this.sendAll(topic, { type: 'notification', ...e }),
            )
          : bus.subscribe(topic as ChatTopic, (e) => this.deliver(topic, e)),
      );
    }
    set.add(p);
    p.topics.add(topic);
    await this.subs.get(topic);
  }

  private leave(p: HubPeer, topic: string): void {
    p.topics.delete(topic);
    const set = this.byTopic.get(topic);
    if (!set) return;
    set.delete(p);
    if (set.size > 0) return;
    this.byTopic.delete(topic);
    const sub = this.subs.get(topic);
    this.subs.delete(topic);
    void sub?.then((off) => off()).catch(() => {});
  }

  /**
   * A room's reading rights changed (a user's kick, ban or roles; the room's settings; the room
   * deleted): its subscribers (or that user's) re-check and lose what they may no longer read.
   */
  async recheck(roomUuid: string, uid?: string): Promise<void> {
    const topic = roomChatTopic(roomUuid);
    const set = this.byTopic.get(topic);
    if (!set) return;
    const room = await this.core.access.room(roomUuid).catch((err: unknown) => err);
    for (const p of [...set]) {
      if (uid && p.caller.uid !== uid) continue;
      try {
        if (room instanceof Error) throw room;
        await this.core.access.assertCanRead(room as RoomDto, p.caller);
      } catch (err) {
        this.leave(p, topic);
        this.send(p, errorFrame(err));
        this.send(p, { type: 'unsubscribed', guid: roomUuid });
      }
    }
  }

  /** CHAT-TOKEN-3: the account's sessions ended: its sockets that opened the chat close. */
  dropUser(uid: string): void {
    for (const p of [...this.peers.values()]) {
      if (p.caller.uid !== uid) continue;
      this.send(p, {
        type: 'error',
        code: 'SESSION_REVOKED',
        message: 'Your session has ended, please log in again',
      });
      p.peer.close(true);
    }
  }

  /** The user blocked or unblocked someone: their connections hide the right senders. */
  async refreshBlocked(uid: string): Promise<void> {
    const blocked = new Set(await this.core.access.blockedBy(uid));
    for (const p of this.peers.values()) if (p.caller.uid === uid) p.blocked = blocked;
  }

  /** CHAT-LIVE-4: one encoding per message per process, the same bytes to every connection. */
  private sendAll(topic: string, frame: ChatServerFrame): void {
    const set = this.byTopic.get(topic);
    if (!set?.size) return;
    const bytes = Buffer.from(gatewayFrame(frame));
    for (const p of set) p.peer.send(bytes);
  }

  private deliver(topic: string, event: ChatEvent): void {
    const set = this.byTopic.get(topic);
    if (!set?.size) return;
    const frame: ChatServerFrame =
      event.kind === 'reaction'
        ? {
            type: 'reaction',
            action: event.action,
            messageId: event.messageId,
            conversationId: event.conversationId,
            reaction: event.reaction,
            uid: event.sender,
          }
        : { type: event.kind, message: event.message };
    // CHAT-LIVE-4: encoded once for every connection; each one's writes of a turn coalesced.
    const bytes = Buffer.from(gatewayFrame(frame));
    for (const p of set) {
      // CHAT-BLOCK-1: what a blocked user writes is hidden from the blocker.
      if (!p.blocked.has(event.sender)) p.peer.send(bytes);
    }
  }

  /** Forgets every connection and bus subscription (the transport closes the sockets). */
  async close(): Promise<void> {
    this.peers.clear();
    const offs = [...this.subs.values()];
    this.subs.clear();
    this.byTopic.clear();
    await Promise.all(offs.map((p) => p.then((off) => off()).catch(() => {})));
  }
}
