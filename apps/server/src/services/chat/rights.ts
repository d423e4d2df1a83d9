import type { RoomDto } from '@tt/protocol';
import type { EventBus } from '../../platform/bus';
import type { RoomAccess } from './access';
import type { ChatMembersRepository } from './members.repository';
import type { ChatMemberRow } from './schema';

/** A cached room is read again after this long even without an event (a bus hiccup's bound). */
const MAX_AGE_MS = 60_000;
/** Rooms kept at most; past this the cache starts again from empty. */
const MAX_ROOMS = 5_000;

interface Entry {
  at: number;
  room: Promise<RoomDto>;
  /** Members known to have joined (a miss is read again: a join elsewhere must count at once). */
  members: Map<string, ChatMemberRow>;
}

/**
 * CHAT-SEND-2: the write rights of room chats held in this process's memory, so a send reads no
 * table: the room (hasChat, its roles in force: bans, kicks, mutes with their end) and who joined
 * its chat. Every change of those rights is published before the change is answered, and drops
 * the room here when the bus brings it (on another process, a few milliseconds later): role changes, kicks and deletions through their live twins
 * (BUS-TWIN-1, published after the commit and before the answer), settings through
 * `room.settingsUpdated`, chat membership through `chat.membersChanged`. A read that was in
 * flight while such an event came is not kept (each room has an epoch bumped by every event).
 * Roles that end by time (a mute's expirationTime) are judged at each send (ACCESS-ROLE-1).
 */
export class ChatRights {
  private readonly rooms = new Map<string, Entry>();
  private readonly epochs = new Map<string, number>();

  constructor(
    private readonly access: RoomAccess,
    private readonly members: ChatMembersRepository,
  ) {}

  private epoch(roomUuid: string): number {
    return this.epochs.get(roomUuid) ?? 0;
  }

  private entry(roomUuid: string): Entry {
    const now = Date.now();
    const cached = this.rooms.get(roomUuid);
    if (cached && now - cached.at < MAX_AGE_MS) return cached;
    if (this.rooms.size >= MAX_ROOMS) this.rooms.clear();
    const entry: Entry = { at: now, room: this.access.room(roomUuid), members: new Map() };
    this.rooms.set(roomUuid, entry);
    // A failed read (unknown room, no room service) is not kept.
    entry.room.catch(() => {
      if (this.rooms.get(roomUuid) === entry) this.rooms.delete(roomUuid);
    });
    // An event during the read drops this entry: sends after it read the room again.
    return entry;
  }

  /** The room of a chat group (guid = room uuid), from memory when nothing changed it. */
  async room(guid: string): Promise<RoomDto> {
    if (!/^[0-9a-f-]{36}$/i.test(guid)) return this.access.room(guid);
    return this.entry(guid.toLowerCase()).room;
  }

  /** The caller's membership of the room's chat (CHAT-SEND-1: having joined). */
  async member(roomUuid: string, uid: string): Promise<ChatMemberRow | null> {
    const entry = this.entry(roomUuid);
    const known = entry.members.get(uid);
    if (known) return known;
    const epoch = this.epoch(roomUuid);
    const row = await this.members.get(roomUuid, uid);
    if (row && this.epoch(roomUuid) === epoch && this.rooms.get(roomUuid) === entry) {
      entry.members.set(uid, row);
    }
    return row;
  }

  /** The room's rights changed (roles, settings, deletion, membership): read them again. */
  drop(roomUuid: string, uid?: string): void {
    const key = roomUuid.toLowerCase();
    this.epochs.set(key, this.epoch(key) + 1);
    if (uid) this.rooms.get(key)?.members.delete(uid);
    else this.rooms.delete(key);
  }

  /** Subscribes this process to every event that changes a room chat's write rights. */
  async follow(bus: EventBus): Promise<(() => Promise<void>)[]> {
    return Promise.all([
      bus.subscribe('live.room.rolesChanged', ({ roomUuid }) => this.drop(roomUuid)),
      bus.subscribe('live.room.userKicked', ({ roomUuid }) => this.drop(roomUuid)),
      bus.subscribe('live.room.deleted', ({ roomUuid }) => this.drop(roomUuid)),
      bus.subscribe('room.settingsUpdated', ({ roomUuid }) => this.drop(roomUuid)),
      bus.subscribe('room.reset', ({ roomUuid }) => this.drop(roomUuid)),
      bus.subscribe('chat.membersChanged', ({ roomUuid, userUuid }) =>
        this.drop(roomUuid, userUuid ?? undefined),
      ),
    ]);
  }
}
