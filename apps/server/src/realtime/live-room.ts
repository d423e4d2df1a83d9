import type {
  AvatarPosition,
  ClientDj,
  ClientRoomState,
  ClientRoomUser,
  GhostUserProfile,
  MinimalSongDto,
  Operation,
  RoomDto,
  SongVotes,
  StatefulServerMessageName,
  StatelessServerMessage,
  TokenRole,
  UserProfileDto,
} from '@tt/protocol';
import { OneOrMoreSet } from './compact';
import { PatchWriter, pointer } from './patch-writer';
import { canDj } from './rules/dj';
import { highestRoomRole } from '@tt/rules';
import { NO_VOTES } from './rules/votes';
import { realCounts, sendPrivateCounts, writeCounts } from './vote-counts';
import { markActive } from './room-activity';

/** Who joins: from the token, plus the public profile. */
export interface JoiningUser {
  uuid: string;
  tokenRole: TokenRole;
  isGuest: boolean;
  roles: TokenRole[];
  profile: UserProfileDto | GhostUserProfile;
  position?: AvatarPosition;
  /** SUB-PERKS-2 */
  pro?: boolean;
}

/** A user in the room, with the connections that hold them there. */
export interface Member {
  uuid: string;
  tokenRole: TokenRole;
  isGuest: boolean;
  roles: TokenRole[];
  /** SUB-PERKS-2: a Pro subscriber (DJs in PRO_PLAN_OWNER rooms). */
  pro?: boolean;
  /** ROOM-MEM-2: nearly always one. */
  connections: OneOrMoreSet<string>;
  leaveTimer: NodeJS.Timeout | null;
}

/** What a room tells its clients. */
export type RoomOutput =
  | { kind: 'state'; name: StatefulServerMessageName; ops: Operation[]; toUser?: string }
  | {
      kind: 'event';
      message: StatelessServerMessage;
      toUser?: string;
      kick?: { userUuid: string };
      reset?: boolean;
    };

const USER_LISTS = ['allUsers', 'audienceUsers', 'floorUsers', 'djs', 'visibleDjs'] as const;
type UserList = (typeof USER_LISTS)[number];
/** The lists a paging client holds only part of (DJs it always holds whole: ROOM-PAGE-1). */
const PAGED_LISTS: readonly UserList[] = ['allUsers', 'audienceUsers', 'floorUsers'];

/** Fields of RoomDto the room service computes from presence: not part of the room's settings. */
function settingsOnly(room: RoomDto): RoomDto {
  const copy = { ...room };
  delete copy.song;
  delete copy.usersInRoomUuids;
  delete copy.numberOfUsersInRoom;
  delete copy.numberOfActiveDjs;
  return copy;
}

/** The operations with each hint put before the operation it names (by position). */
function withHints(ops: Operation[], hints: { at: number; op: Operation }[]): Operation[] {
  const out: Operation[] = [];
  let h = 0;
  ops.forEach((op, k) => {
    while (h < hints.length && hints[h].at === k) out.push(hints[h++].op);
    out.push(op);
  });
  return out;
}

/** A random spot on the floor, in percent of its width and depth (one decimal). */
export function randomPosition(): AvatarPosition {
  const r = () => Math.round(Math.random() * 1000) / 10;
  return { x: r(), y: r() };
}

export function ghostProfile(uuid: string): GhostUserProfile {
  return { uuid, nickname: 'Guest', color: '#562DF9', avatarId: 'ghost' };
}

/**
 * One live room: the state its clients hold (ClientRoomState) and what only the server knows
 * (connections, votes per user, songs played per DJ, the recent-song entry of the song playing).
 * Every change goes through a PatchWriter and is emitted as a message carrying that patch.
 * Only the engine touches a room, one task at a time (it is the room's single writer).
 */
export class LiveRoom {
  readonly state: ClientRoomState;
  readonly members = new Map<string, Member>();
  /** Votes on the song playing, by user (kept when the voter leaves: one vote per user per song). */
  readonly votes = new Map<string, SongVotes>();
  /** Songs each seated DJ has played since taking the seat. */
  readonly djPlays = new Map<string, number>();
  playing: { djUuid: string; recentSongId: number | null } | null = null;
  /** The persisted part (DJs, song, votes) changed since the last save. */
  dirty = false;
  endTimer: NodeJS.Timeout | null = null;
  /** RR-TIMER-4: the last song's end being written; the live state is not saved before it is. */
  ending: Promise<unknown> | null = null;
  /**
   * PTS-DJ-5: people who voted on the song playing before the room moved to this process and have
   * not rejoined yet; they count as present at the song's end until `until` (the leave grace).
   */
  restoredVoters: { uuids: Set<string>; until: number } | null = null;
  roleTimer: NodeJS.Timeout | null = null;
  /** While rebuilding a room nobody is connected to, nothing is sent. */
  muted = false;
  /** Seq of the last message this room published. */
  lastSeq = 0;
  /** VOTE-PLAY-5: the real counts go to those who may see them after the next flush. */
  privateCountsPending = false;

  constructor(
    readonly uuid: string,
    settings: RoomDto,
    private readonly output: (out: RoomOutput) => void,
  ) {
    this.state = {
      allUserData: {},
      allUsers: [],
      audienceUsers: [],
      djs: [],
      floorUsers: [],
      nowPlaying: null,
      settings: settingsOnly(settings),
      songsRemainingForDj: 0,
      vibeMeter: 0.5,
      visibleDjs: [],
      voteCounts: { ...NO_VOTES },
    };
  }

  get settings(): RoomDto {
    return this.state.settings;
  }

  /** The `test` operations to send before some of a writer's operations (ROOM-PAGE-3). */
  private readonly hints = new WeakMap<PatchWriter, { at: number; op: Operation }[]>();

  writer(): PatchWriter {
    return new PatchWriter(this.state);
  }

  /** Sends what the writer recorded as one stateful message (nothing when it recorded nothing). */
  flush(w: PatchWriter, name: StatefulServerMessageName, toUser?: string): void {
    if (w.length === 0) return;
    const hints = this.hints.get(w);
    this.hints.delete(w);
    if (this.muted) return void w.take();
    const ops = hints ? withHints(w.take(), hints) : w.take();
    this.output({ kind: 'state', name, ops, ...(toUser ? { toUser } : {}) });
    if (this.privateCountsPending) {
      this.privateCountsPending = false;
      sendPrivateCounts(this);
    }
  }

  /** One output as it is (nothing while muted). */
  emit(out: RoomOutput): void {
    if (!this.muted) this.output(out);
  }

  /**
   * ROOM-PAGE-3: the next operation of `w` addresses `list[i]`, a list paging clients hold only
   * part of: a `test` of that entry's uuid goes first, so such a client knows whom it is about
   * (and applies it to its own entry, or skips it). Every other client's test simply passes.
   */
  private hint(w: PatchWriter, list: UserList, i: number, uuid: string): void {
    if (!PAGED_LISTS.includes(list)) return;
    let hints = this.hints.get(w);
    if (!hints) this.hints.set(w, (hints = []));
    hints.push({ at: w.length, op: { op: 'test', path: pointer(list, i, 'uuid'), value: uuid } });
  }

  say(out: Extract<RoomOutput, { kind: 'event' }>): void {
    if (!this.muted) this.output(out);
  }

  djUuids(): string[] {
    return this.state.djs.map((d) => d.uuid);
  }

  isDj(uuid: string): boolean {
    return this.state.djs.some((d) => d.uuid === uuid);
  }

  /** The DJ whose song plays now (first in the lineup), or null. */
  playingDj(): string | null {
    return this.playing?.djUuid ?? null;
  }

  clientUser(m: Pick<Member, 'uuid' | 'tokenRole' | 'isGuest' | 'roles'>): ClientRoomUser {
    const now = Date.now();
    const highestRole = highestRoomRole(this.settings, m.uuid, now);
    return {
      uuid: m.uuid,
      tokenRole: m.tokenRole,
      ...(highestRole ? { highestRole } : {}),
      canDj: canDj(this.settings, m, now),
    } as ClientRoomUser;
  }

  private indexIn(list: UserList, uuid: string): number {
    return (this.state[list] as ClientRoomUser[]).findIndex((u) => u.uuid === uuid);
  }

  // ---- membership ----

  /**
   * A user enters (userJoined). With `batch`, the operations go into that writer and the caller
   * sends them with the others of a burst (ROOM-JOIN-2); otherwise they go out at once.
   */
  addMember(user: JoiningUser, connectionId: string, batch?: PatchWriter): Member {
    const member: Member = {
      uuid: user.uuid,
      tokenRole: user.tokenRole,
      isGuest: user.isGuest,
      roles: user.roles,
      pro: user.pro,
      connections: new OneOrMoreSet(connectionId),
      leaveTimer: null,
    };
    this.members.set(user.uuid, member);
    markActive(this, user.uuid); // ROOM-RULES-4
    const w = batch ?? this.writer();
    const entry = this.clientUser(member);
    w.add(pointer('allUserData', user.uuid), {
      userProfile: user.profile,
      position: user.position ?? randomPosition(),
      songVotes: {},
    });
    w.add('/allUsers/-', entry);
    w.add('/audienceUsers/-', entry);
    if (!user.isGuest) w.add('/floorUsers/-', entry);
    if (!batch) this.flush(w, 'userJoined');
    return member;
  }

  /**
   * A user leaves (userLeft): their seat, their place on the floor and their data go. Answers
   * whether their song was playing (the engine then plays the next one).
   */
  removeMember(uuid: string): { wasPlaying: boolean } {
    const member = this.members.get(uuid);
    if (!member) return { wasPlaying: false };
    if (member.leaveTimer) clearTimeout(member.leaveTimer);
    this.members.delete(uuid);
    this.restoredVoters?.uuids.delete(uuid);
    const w = this.writer();
    const { wasPlaying } = this.isDj(uuid) ? this.unseatOps(w, uuid, false) : { wasPlaying: false };
    for (const list of ['floorUsers', 'audienceUsers', 'allUsers'] as const) {
      const i = this.indexIn(list, uuid);
      if (i >= 0) this.hint(w, list, i, uuid);
      if (i >= 0) w.remove(pointer(list, i));
    }
    if (uuid in this.state.allUserData) w.remove(pointer('allUserData', uuid));
    this.flush(w, 'userLeft');
    return { wasPlaying };
  }

  // ---- seats ----

  /** A user takes a seat at the end of the lineup (addedDj). */
  seat(uuid: string, song: MinimalSongDto | null): void {
    const member = this.members.get(uuid);
    if (!member) return;
    const w = this.writer();
    for (const list of ['floorUsers', 'audienceUsers'] as const) {
      const i = this.indexIn(list, uuid);
      if (i >= 0) this.hint(w, list, i, uuid);
      if (i >= 0) w.remove(pointer(list, i));
    }
    const dj: ClientDj = { ...this.clientUser(member), nextSong: song };
    w.add('/djs/-', dj);
    w.add('/visibleDjs/-', dj);
    this.djPlays.set(uuid, 0);
    this.dirty = true;
    this.flush(w, 'addedDj');
  }

  /** A DJ leaves their seat and goes back to the floor (removedDj). */
  unseat(uuid: string): { wasPlaying: boolean } {
    const w = this.writer();
    const result = this.unseatOps(w, uuid, true);
    this.flush(w, 'removedDj');
    return result;
  }

  private unseatOps(w: PatchWriter, uuid: string, backToFloor: boolean): { wasPlaying: boolean } {
    const i = this.indexIn('djs', uuid);
    if (i < 0) return { wasPlaying: false };
    const wasPlaying = this.playing?.djUuid === uuid;
    w.remove(pointer('djs', i));
    w.remove(pointer('visibleDjs', i));
    this.djPlays.delete(uuid);
    this.dirty = true;
    const member = this.members.get(uuid);
    if (backToFloor && member) {
      const entry = this.clientUser(member);
      w.add('/audienceUsers/-', entry);
      if (!member.isGuest) w.add('/floorUsers/-', entry);
    }
    return { wasPlaying };
  }

  /** updatedNextSong */
  setNextSong(uuid: string, song: MinimalSongDto | null): void {
    const i = this.indexIn('djs', uuid);
    if (i < 0) return;
    const w = this.writer();
    w.replace(pointer('djs', i, 'nextSong'), song);
    w.replace(pointer('visibleDjs', i, 'nextSong'), song);
    this.dirty = true;
    this.flush(w, 'updatedNextSong');
  }

  // ---- users' flags, profiles, settings ----

  /** Re-derives highestRole and canDj of one user wherever they are listed. */
  refreshUserOps(w: PatchWriter, uuid: string): void {
    const member = this.members.get(uuid);
    if (!member) return;
    const fresh = this.clientUser(member);
    for (const list of USER_LISTS) {
      const i = this.indexIn(list, uuid);
      if (i < 0) continue;
      const current = this.state[list][i] as ClientRoomUser;
      if (current.highestRole !== fresh.highestRole) {
        this.hint(w, list, i, uuid);
        w.setOptional(pointer(list, i, 'highestRole'), 'highestRole' in current, fresh.highestRole);
      }
      if (current.canDj !== fresh.canDj) {
        this.hint(w, list, i, uuid);
        w.replace(pointer(list, i, 'canDj'), fresh.canDj);
      }
    }
  }

  replaceSettingsOps(w: PatchWriter, settings: RoomDto): void {
    w.replace('/settings', settingsOnly(settings));
    for (const uuid of this.members.keys()) this.refreshUserOps(w, uuid);
    if (this.playing) writeCounts(this, w, realCounts(this)); // VOTE-PLAY-5: dislikes' mode
  }

  /** updatedUserProfile */
  setProfile(uuid: string, profile: UserProfileDto): void {
    if (!(uuid in this.state.allUserData)) return;
    const w = this.writer();
    w.replace(pointer('allUserData', uuid, 'userProfile'), profile);
    this.flush(w, 'updatedUserProfile');
  }

  /** The user's own votes, sent to their connections only (updatedUserData). */
  sendOwnVotes(uuid: string): void {
    if (this.muted || !(uuid in this.state.allUserData)) return;
    this.output({
      kind: 'state',
      name: 'updatedUserData',
      ops: [
        {
          op: 'replace',
          path: pointer('allUserData', uuid, 'songVotes'),
          value: { ...(this.votes.get(uuid) ?? {}) },
        },
      ],
      toUser: uuid,
    });
  }

  /** Users and guests in the room now (room size and guest allowance, SEC-GUEST-1). */
  occupancy(): { users: number; guests: number } {
    let guests = 0;
    for (const m of this.members.values()) if (m.isGuest) guests++;
    return { users: this.members.size - guests, guests };
  }

  /** How many users are in the room now, guests excluded (as presentUserUuids, without a copy). */
  presentUserCount(): number {
    let n = 0;
    for (const u of this.state.allUsers) if (u.tokenRole !== 'guest') n++;
    return n;
  }

  /** Users who are in the room now, guests excluded. */
  presentUserUuids(): string[] {
    return this.state.allUsers.filter((u) => u.tokenRole !== 'guest').map((u) => u.uuid);
  }
}
