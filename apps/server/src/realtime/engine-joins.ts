import type {
  RoomDto,
  RoomUsersPage,
  SongVotes,
  UserProfileDto,
  UsersPageInfo,
} from '@tt/protocol';
import { accessRefusal, can, refusalCode, roomSizeRefusal } from '@tt/rules';
import { refuse, ROOM_ERRORS } from './errors';
import { ghostProfile, type LiveRoom } from './live-room';
import type { Actor } from './room-actions';
import { RoomRuntime } from './room-runtime';
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
 * Entering a room: the entry checks (ROOM-JOIN-1), joins that arrive together entering together
 * (ROOM-JOIN-2), and the pages of a room's users (ROOM-PAGE-2). The engine builds on it.
 */
export abstract class RoomJoins extends RoomRuntime {
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
}
