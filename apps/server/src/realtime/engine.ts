import {
  type RoomDto,
  type RoomUsersPage,
  type SongVotes,
  type UserProfileDto,
  type UsersPageInfo,
} from '@tt/protocol';
import { roomSizeRefusal, type Occupancy } from '@tt/rules';
import type { RoomPresence } from '../platform/ports';
import { refuse, ROOM_ERRORS } from './errors';
import { ghostProfile, type LiveRoom } from './live-room';
import { isListening } from './listening';
import type { Actor } from './room-actions';
import { RoomRuntime } from './room-runtime';
import { canDj, djsOverSeats } from './rules/dj';
import { accessRefusal, can, nextRoleExpiry, refusalCode } from '@tt/rules';
import { currentSeq } from './wire';
import { sendPrivateCounts } from './vote-counts';
import { pagedStates, usersPage } from './paging';

export interface JoinOutcome {
  roomUuid: string;
  didCreate: boolean;
  /** The room state, serialized at the moment of `seq`. */
  stateJson: string;
  serverTime: number;
  /** Messages with this seq or lower are already in the state. */
  seq: number;
  ownVotes: SongVotes;
  /** ROOM-PAGE-1: the join asked for a page of the users; the state holds that page. */
  usersPage?: UsersPageInfo;
}

export interface JoinParams {
  roomUuid: string;
  password?: string;
  guestPassword?: string;
  /** ROOM-PAGE-1: only this many users (plus DJs, role holders and the joiner) in the state. */
  usersLimit?: number;
  /** The connection's address (room-password throttling). */
  ip?: string | null;
}

const MAX_DELAY = 2 ** 31 - 1;

/**
 * ROOM-JOIN-2: at most this many joins enter together, so the first of a storm are answered
 * while the rest still arrive.
 */
const MAX_JOIN_BATCH = 64;

/** A join waiting for its room's queue, with the others of its burst. */
interface PendingJoin {
  connectionId: string;
  auth: JoinAuth;
  profile: UserProfileDto | ReturnType<typeof ghostProfile>;
  pro: boolean;
  settings: RoomDto;
  usersLimit?: number;
  resolve: (outcome: JoinOutcome) => void;
  reject: (err: unknown) => void;
}

/** What a join needs of the token (plain data: a join may be forwarded to the room's owner). */
export type JoinAuth = Actor;

/**
 * The live rooms of this process: joining and leaving, actions, and the changes that arrive from
 * REST as domain events. Every room message is published on the room's bus topic, from where each
 * process's transport delivers it to its own connections.
 */
export class RoomEngine extends RoomRuntime {
  private readonly joinBatches = new Map<string, PendingJoin[]>();
  /** Entry checks the room service is answering now, by room (ROOM-JOIN-1). */
  private readonly authorizing = new Map<string, Promise<RoomDto>>();

  /**
   * joinRoom: authorized (from the live room when it can be, else by the room service: room live,
   * passwords, bans); `prepare` lets the transport subscribe to the room before the state is
   * taken; then the user enters (room size). Joins that wait for the room's queue at the same
   * time enter together: one userJoined for all of them and one serialized state (ROOM-JOIN-2).
   */
  async join(
    connectionId: string,
    auth: JoinAuth,
    params: JoinParams,
    prepare: (roomUuid: string) => Promise<void>,
    authorized?: RoomDto,
  ): Promise<JoinOutcome> {
    const settings = authorized ?? (await this.authorizeJoin(auth, params));
    const roomUuid = settings.uuid;
    const profile = auth.isGuest
      ? ghostProfile(auth.uuid)
      : (await this.profiles([auth.uuid])).get(auth.uuid)!;
    // SUB-PERKS-2: asked only where it matters (one more query per join otherwise).
    const subscriptions = this.platform.ports.subscriptions;
    const pro =
      settings.djType === 'PRO_PLAN_OWNER' && !auth.isGuest && subscriptions
        ? (await subscriptions.levelOf(auth.uuid)) === 'PRO'
        : false;
    await prepare(roomUuid);
    return new Promise<JoinOutcome>((resolve, reject) => {
      const { usersLimit } = params;
      const joining: PendingJoin = {
        ...{ connectionId, auth, profile, pro, settings, usersLimit },
        ...{ resolve, reject },
      };
      const batch = this.joinBatches.get(roomUuid);
      if (batch && batch.length < MAX_JOIN_BATCH) return void batch.push(joining);
      const fresh = [joining];
      this.joinBatches.set(roomUuid, fresh);
      // The joins read in this turn of the event loop go in with this one.
      void new Promise<void>((r) => setImmediate(r))
        .then(() =>
          this.enqueue(roomUuid, async (existing) => {
            // Joins from now on wait for the next task.
            if (this.joinBatches.get(roomUuid) === fresh) this.joinBatches.delete(roomUuid);
            const room = existing ?? (await this.load(roomUuid, fresh[0].settings));
            this.enterAll(room, fresh, !existing);
          }),
        )
        .catch((err: unknown) => {
          if (this.joinBatches.get(roomUuid) === fresh) this.joinBatches.delete(roomUuid);
          for (const j of fresh) j.reject(err);
        });
    });
  }

  /** The joins of one burst enter (or are refused, each on its own); one message, one state. */
  private enterAll(room: LiveRoom, joins: PendingJoin[], created: boolean): void {
    const w = room.writer();
    const admitted: PendingJoin[] = [];
    for (const j of joins) {
      const { uuid, tokenRole, isGuest, roles } = j.auth;
      const member = room.members.get(uuid);
      if (member) {
        member.connections.add(j.connectionId);
        if (member.leaveTimer) clearTimeout(member.leaveTimer);
        member.leaveTimer = null;
      } else {
        const ratio = this.options.guestAllowanceRatio;
        const refusal = roomSizeRefusal(room.occupancy(), room.settings.roomSize, ratio, j.auth);
        if (refusal && !can({ uuid, roles }, 'room.join.bypass', { room: room.settings })) {
          j.reject(refuse(refusal));
          continue;
        }
        const joiner = { uuid, tokenRole, isGuest, roles, profile: j.profile, pro: j.pro };
        room.addMember(joiner, j.connectionId, w);
      }
      admitted.push(j);
    }
    room.flush(w, 'userJoined');
    const serverTime = Date.now();
    const seq = currentSeq();
    // One serialized state for the full joins of the burst, one small one per paged join.
    let full: string | undefined;
    const pagers = new Map<number, ReturnType<typeof pagedStates>>();
    admitted.forEach((j, i) => {
      const limit = j.usersLimit;
      let pager = limit ? pagers.get(limit) : undefined;
      if (limit && !pager) pagers.set(limit, (pager = pagedStates(room.state, limit)));
      const paged = pager?.(j.auth.uuid);
      j.resolve({
        roomUuid: room.uuid,
        didCreate: created && i === 0,
        stateJson: paged?.stateJson ?? (full ??= JSON.stringify(room.state)),
        serverTime,
        seq,
        ownVotes: { ...(room.votes.get(j.auth.uuid) ?? {}) },
        ...(paged ? { usersPage: paged.usersPage } : {}),
      });
    });
    sendPrivateCounts(
      room,
      admitted.map((j) => j.auth.uuid),
    ); // VOTE-PLAY-5
  }

  /** ROOM-PAGE-2: a page of the room's users, and the seq of the room's state it was taken at. */
  usersPage(
    roomUuid: string,
    offset: number,
    limit: number,
  ): Promise<{ page: RoomUsersPage; seq: number }> {
    return this.enqueue(roomUuid, async (room) => {
      if (!room) throw refuse(ROOM_ERRORS.NOT_JOINED);
      return { page: usersPage(room.state, offset, limit), seq: room.lastSeq };
    });
  }

  /**
   * The entry checks. ROOM-JOIN-1: when this process runs the room (or another join to it is
   * being checked by the room service right now), the room is live and has no passwords, the
   * room's own settings decide (bans and kicks in force refuse, platform moderators excepted)
   * without asking the room service again; the visit is recorded on the side. Anything else (a
   * password to check, a room that is not live) asks the service.
   */
  async authorizeJoin(auth: JoinAuth, params: JoinParams): Promise<RoomDto> {
    const roomUuid = params.roomUuid;
    const open = (s: RoomDto | undefined): s is RoomDto =>
      Boolean(s && s.isLive && !s.isPasswordProtected && !s.isGuestPasswordProtected);
    const loaded = this.rooms.get(roomUuid)?.settings;
    if (open(loaded)) return this.admitFrom(loaded, auth);
    // Checked and set without awaiting first, so the joins of one moment find the first one's.
    const pending = this.authorizing.get(roomUuid);
    if (pending) {
      const shared = await pending.catch(() => undefined);
      if (open(shared)) return this.admitFrom(shared, auth);
    }
    const asked = this.roomsPort().authorizeJoin({
      roomUuid,
      userUuid: auth.uuid,
      isGuest: auth.isGuest,
      roles: auth.roles,
      password: params.password,
      guestPassword: params.guestPassword,
      ip: params.ip ?? null,
    });
    if (!this.authorizing.has(roomUuid)) {
      // The joins arriving while this one is checked use its answer (a storm on a cold room).
      this.authorizing.set(roomUuid, asked);
      const forget = () => {
        if (this.authorizing.get(roomUuid) === asked) this.authorizing.delete(roomUuid);
      };
      asked.then(forget, forget);
    }
    return asked;
  }

  /** ROOM-JOIN-1 from a live, password-free room's settings. */
  private admitFrom(s: RoomDto, auth: JoinAuth): RoomDto {
    const why = accessRefusal(auth, 'room.join', { room: s });
    if (why) throw refuse(refusalCode('room.join', why));
    if (!auth.isGuest) {
      void this.roomsPort()
        .recordVisit(s.uuid, auth.uuid)
        .catch((err: unknown) => {
          this.platform.log.warn({ err, room: s.uuid }, 'recording a room visit failed');
        });
    }
    return s;
  }

  /**
   * A connection in the room closed (or left it): the user leaves after the grace period if it was
   * their last one — at once with `leaveNow` (roomLeave).
   */
  disconnected(roomUuid: string, userUuid: string, connectionId: string, leaveNow = false): void {
    if (this.closing) return;
    void this.enqueue(roomUuid, async (room) => {
      const member = room?.members.get(userUuid);
      if (!room || !member) return;
      member.connections.delete(connectionId);
      if (member.connections.size > 0) return;
      if (leaveNow) await this.removeUser(room, userUuid);
      else this.armLeave(room, member);
    }).catch((err) => this.logTaskError(err));
  }

  /** userLeft (and, if their song was playing, the next song). */
  protected async removeUser(room: LiveRoom, userUuid: string): Promise<void> {
    const { wasPlaying } = room.removeMember(userUuid);
    if (wasPlaying) await this.playback.advance(room);
  }

  /**
   * Runs an action of a user who is in the room (roles re-checked now: RR-ROLE-2, RR-BAN-1).
   * Answers the seq of the room's last message after it: the transport answers the action once
   * that message reached the connection, so a client sees its action's effects before the answer.
   */
  act(
    roomUuid: string,
    actor: Actor,
    fn: (room: LiveRoom) => Promise<void> | void,
  ): Promise<{ seq: number }> {
    return this.enqueue(roomUuid, async (room) => {
      if (!room || !room.members.has(actor.uuid)) throw refuse(ROOM_ERRORS.NOT_JOINED);
      if (!can(actor, 'room.join', { room: room.settings })) throw refuse(ROOM_ERRORS.BANNED);
      await fn(room);
      return { seq: room.lastSeq };
    });
  }

  // ---- changes from REST (domain events) ----

  /** Re-reads the room (settings, roles) and applies it: updatedRoomSettings and its effects. */
  refreshSettings(roomUuid: string): Promise<void> {
    return this.enqueue(roomUuid, async (room) => {
      if (!room) return;
      const settings = await this.roomsPort().get(roomUuid);
      if (!settings) return this.closeRoom(room, 'This room was deleted');
      const w = room.writer();
      room.replaceSettingsOps(w, settings);
      room.flush(w, 'updatedRoomSettings');
      // A ban or kick also arrives as room.userKicked (with its reason): that one closes them.
      await this.afterRoomLoaded(room);
      this.armRoleTimer(room);
    });
  }

  /** DJs who may no longer DJ step down at once; seats beyond numberOfDjs are given up. */
  protected async afterRoomLoaded(room: LiveRoom): Promise<void> {
    const now = Date.now();
    const leaving = room.state.djs
      .filter((d) => {
        const m = room.members.get(d.uuid);
        return !m || !canDj(room.settings, m, now);
      })
      .map((d) => d.uuid);
    const remaining = room.djUuids().filter((u) => !leaving.includes(u));
    const playingFirst = !!room.playing && remaining[0] === room.playing.djUuid;
    leaving.push(...djsOverSeats(remaining, room.settings.numberOfDjs, playingFirst));
    let stopped = false;
    for (const uuid of leaving) if (room.unseat(uuid).wasPlaying) stopped = true;
    if (stopped) await this.playback.advance(room);
  }

  /** At the next expirationTime of a role the room re-reads its roles (RR-ROLE-3). */
  protected armRoleTimer(room: LiveRoom): void {
    if (room.roleTimer) clearTimeout(room.roleTimer);
    room.roleTimer = null;
    const next = nextRoleExpiry(room.settings, Date.now());
    if (next === null) return;
    room.roleTimer = setTimeout(
      () => void this.refreshSettings(room.uuid).catch((err) => this.logTaskError(err)),
      Math.min(MAX_DELAY, next - Date.now() + 25),
    );
    room.roleTimer.unref?.();
  }

  /** kickedFromRoom to the user's connections (which then close), userLeft to the others. */
  private async kickOut(room: LiveRoom, userUuid: string, reason: string): Promise<void> {
    room.say({
      kind: 'event',
      message: { name: 'kickedFromRoom', params: { reason } },
      toUser: userUuid,
      kick: { userUuid },
    });
    await this.removeUser(room, userUuid);
  }

  kickFromRoom(roomUuid: string, userUuid: string, reason: string): Promise<void> {
    return this.enqueue(roomUuid, async (room) => {
      if (room?.members.has(userUuid)) await this.kickOut(room, userUuid, reason);
    });
  }

  /** The account's sessions ended (kick, ban, deactivation): it leaves every room now. */
  async removeEverywhere(userUuid: string): Promise<void> {
    const inRooms = [...this.rooms.values()].filter((r) => r.members.has(userUuid));
    for (const { uuid } of inRooms) {
      await this.enqueue(uuid, async (room) => {
        if (room?.members.has(userUuid)) await this.removeUser(room, userUuid);
      });
    }
  }

  /** updatedUserProfile in every room the user is in. */
  async profileUpdated(userUuid: string, profile: UserProfileDto): Promise<void> {
    const inRooms = [...this.rooms.values()].filter((r) => r.members.has(userUuid));
    for (const { uuid } of inRooms) {
      await this.enqueue(uuid, (room) => room?.setProfile(userUuid, profile));
    }
  }

  /** roomReset: everyone is told to rejoin; the live state is cleared. */
  reset(roomUuid: string): Promise<void> {
    return this.enqueue(roomUuid, async (room) => {
      if (room) {
        room.say({ kind: 'event', message: { name: 'roomReset' }, reset: true });
        this.unload(room);
      }
      this.save(roomUuid);
    });
  }

  /** The room was deleted: everyone is kicked out and the live state goes. */
  deleted(roomUuid: string): Promise<void> {
    return this.enqueue(roomUuid, async (room) => {
      if (room) await this.closeRoom(room, 'This room was deleted');
      else this.save(roomUuid);
    });
  }

  private async closeRoom(room: LiveRoom, reason: string): Promise<void> {
    for (const uuid of [...room.members.keys()]) await this.kickOut(room, uuid, reason);
    this.unload(room);
    this.save(room.uuid);
  }

  // ---- reads (RealtimePort) ----

  state(roomUuid: string) {
    const room = this.rooms.get(roomUuid);
    return room ? JSON.parse(JSON.stringify(room.state)) : null;
  }

  presence(roomUuid: string): RoomPresence {
    const room = this.rooms.get(roomUuid);
    if (!room) return { userUuids: [], djUuids: [], song: null };
    return {
      userUuids: room.presentUserUuids(),
      djUuids: room.djUuids(),
      song: room.state.nowPlaying?.song ?? null,
    };
  }

  occupancy(roomUuid: string): Occupancy {
    return this.rooms.get(roomUuid)?.occupancy() ?? { users: 0, guests: 0 };
  }

  /** ListeningPort (SEC-HLS-KEY-2). */
  isListening(userUuid: string, songShortId: string, graceMs: number): boolean {
    return isListening(this.rooms.values(), userUuid, songShortId, graceMs);
  }

  isInRoom(roomUuid: string, userUuid: string): boolean {
    return this.rooms.get(roomUuid)?.members.has(userUuid) ?? false;
  }

  liveRoomUuids(): string[] {
    return [...this.rooms.keys()];
  }
}
