import type { UserProfileDto } from '@tt/protocol';
import { can, nextRoleExpiry, type Occupancy } from '@tt/rules';
import type { RoomHeadcount, RoomPresence } from '../platform/ports';
import { refuse, ROOM_ERRORS } from './errors';
import type { LiveRoom } from './live-room';
import { isListening } from './listening';
import type { Actor } from './room-actions';
import { RoomJoins } from './engine-joins';
import { canDj, djsOverSeats } from './rules/dj';

export type { JoinAuth, JoinOutcome, JoinParams } from './engine-joins';

const MAX_DELAY = 2 ** 31 - 1;

/**
 * The live rooms of this process: joining and leaving, actions, and the changes that arrive from
 * REST as domain events. Every room message is published on the room's bus topic, from where each
 * process's transport delivers it to its own connections.
 */
export class RoomEngine extends RoomJoins {
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

  /**
   * ROOM-LIST-1: the rooms this process runs, counted, into `out`: its own count replaces what
   * another process last said of the room, and a room of nobody leaves none.
   */
  headcounts(out: Map<string, RoomHeadcount>): void {
    for (const room of this.rooms.values()) {
      const users = room.presentUserCount();
      const djs = room.state.djs.length;
      if (users || djs) out.set(room.uuid, { users, djs });
      else out.delete(room.uuid);
    }
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
