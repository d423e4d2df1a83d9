import type { CometMemberScope, Permission, RoomDto, TokenRole } from '@tt/protocol';
import { accessRefusal, can, chatScopeOf, refusalCode, type Actor } from '@tt/rules';
import { fail } from '../../platform/errors';
import type { Platform } from '../../platform/service';
import type { ChatMemberRow } from './schema';

/** Who calls the chat: the uid acting, their platform roles, and whether they may only read. */
export interface ChatCaller {
  uid: string;
  roles: TokenRole[];
  /** Ghost tokens and guest sessions read and never write (CHAT-GUEST-1). */
  readOnly: boolean;
  via: 'token' | 'apikey' | 'session';
}

/** The chat caller as the access table sees them (ACCESS-CAN-1). */
export const chatActor = (caller: Pick<ChatCaller, 'uid' | 'roles'>): Actor => ({
  uuid: caller.uid,
  roles: caller.roles,
});

/**
 * CHAT-MOD-1: may the caller do this in the room's chat (or, with no room, anywhere)? The room's
 * owner, co-owners and moderators, and platform moderators, by the access table.
 */
export function mayInChat(
  caller: Pick<ChatCaller, 'uid' | 'roles'>,
  permission: Permission,
  room: RoomDto | null,
): boolean {
  return can(chatActor(caller), permission, room ? { room } : undefined);
}

/** CHAT-SYNC-1: a member's chat scope from their room roles. */
export const scopeFor = (room: RoomDto, uid: string): CometMemberScope => chatScopeOf(room, uid);

/** Is the uid banned, or kicked and not yet back? (platform moderators never are: ACCESS-RESTRICT-1) */
export function refusedEntry(room: RoomDto, caller: Pick<ChatCaller, 'uid' | 'roles'>) {
  const why = accessRefusal(chatActor(caller), 'room.join', { room });
  return why ? refusalCode('room.join', why) : null;
}

/** Room chat checks, through the rooms port (the room service owns rooms and roles). */
export class RoomAccess {
  constructor(private readonly platform: Platform) {}

  private get port() {
    const rooms = this.platform.ports.rooms;
    if (!rooms) throw fail('SERVICE_UNAVAILABLE', 'Room chats need the room service');
    return rooms;
  }

  /** The room of a chat group (guid = room uuid); 404 "Room not found." */
  async room(guid: string): Promise<RoomDto> {
    const room = /^[0-9a-f-]{36}$/i.test(guid) ? await this.port.get(guid) : null;
    if (!room) throw fail('ROOM_NOT_FOUND');
    return room;
  }

  /** A room named the way room routes name it (uuid, slug or id). */
  async find(idOrSlug: string): Promise<RoomDto> {
    const room = await this.port.find(idOrSlug);
    if (!room) throw fail('ROOM_NOT_FOUND');
    return room;
  }

  /**
   * CHAT-READ-1: a room's chat is readable when the room has chat (CHAT-OFF-1), the reader is not
   * banned or kicked from it, and may see inside it (a password room's password, SEC-ROOM-PRIV-1).
   */
  async assertCanRead(room: RoomDto, caller: ChatCaller): Promise<void> {
    if (!room.hasChat) throw fail('CHAT_OFF');
    const refused = refusedEntry(room, caller);
    if (refused) throw fail(refused);
    // Only a password (the guest password for guests) locks a room's inside.
    const locked = room.isPasswordProtected || (caller.readOnly && room.isGuestPasswordProtected);
    if (!locked) return;
    const inside = await this.port.canSeeInside(room.uuid, {
      uuid: caller.uid,
      roles: caller.roles,
      isGuest: caller.readOnly,
    });
    if (!inside) throw fail('ROOM_PASSWORD_REQUIRED');
  }

  /** CHAT-JOIN-1: reading rights, a writing caller, and a live room (or one of its moderators). */
  async assertCanJoin(room: RoomDto, caller: ChatCaller): Promise<void> {
    if (caller.readOnly) throw fail('CHAT_READ_ONLY');
    await this.assertCanRead(room, caller);
    if (!room.isLive && !mayInChat(caller, 'chat.read.offline', room)) throw fail('ROOM_NOT_LIVE');
  }

  /**
   * CHAT-SEND-1: to write in a room's chat the caller writes (not a guest, CHAT-GUEST-1), the room
   * has chat, they joined it, are not banned or kicked (CHAT-BAN-1) and not muted: the
   * chatDisabled role counts until its expirationTime (CHAT-MUTE-1).
   */
  assertCanWrite(room: RoomDto, caller: ChatCaller, member: ChatMemberRow | null): void {
    if (caller.readOnly) throw fail('CHAT_READ_ONLY');
    if (!room.hasChat) throw fail('CHAT_OFF');
    const refused = refusedEntry(room, caller);
    if (refused) throw fail(refused);
    if (!member) throw fail('CHAT_NOT_JOINED');
    if (accessRefusal(chatActor(caller), 'room.chat', { room }) === 'room:chatDisabled') {
      throw fail('CHAT_MUTED');
    }
  }

  /**
   * CHAT-BLOCK-2: blocks come from the social service's port. Without it in this process, what
   * depends on blocks answers 503 naming that service; chat never assumes nobody blocked anybody.
   */
  private get social() {
    const social = this.platform.ports.social;
    if (!social) throw fail('SERVICE_UNAVAILABLE', 'Chat needs the social service (blocks)');
    return social;
  }

  /** CHAT-BLOCK-1: has `blocker` blocked `other`? */
  async isBlocked(blocker: string, other: string): Promise<boolean> {
    return this.social.isBlocked(blocker, other);
  }

  /** CHAT-BLOCK-1: everyone `uid` blocked (what they wrote is hidden from `uid`). */
  async blockedBy(uid: string): Promise<string[]> {
    return this.social.blockedUuids(uid);
  }
}
