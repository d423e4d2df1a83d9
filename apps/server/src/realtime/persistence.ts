import { z } from 'zod';
import {
  MinimalSongDto,
  TokenRole,
  type GhostUserProfile,
  type UserProfileDto,
} from '@tt/protocol';
import type { JoiningUser, LiveRoom } from './live-room';
import { songsRemaining } from './rules/rotation';
import { NO_VOTES } from './rules/votes';
import { writeCounts } from './vote-counts';

/**
 * What survives a restart (stored through RoomsPort.saveLiveState, opaque to the room service):
 * the lineup with next songs and songs played, the song playing with its times and recent-song
 * entry, and the votes on it. The audience is not stored: clients reconnect and rejoin.
 */
export const PersistedRoom = z.object({
  v: z.literal(1),
  djs: z.array(
    z.object({
      uuid: z.string(),
      tokenRole: TokenRole,
      roles: z.array(TokenRole),
      position: z.object({ x: z.number(), y: z.number() }),
      nextSong: MinimalSongDto.nullable(),
      plays: z.number().int().min(0),
    }),
  ),
  nowPlaying: z
    .object({
      song: MinimalSongDto,
      startTime: z.number(),
      endTime: z.number(),
      djUuid: z.string(),
      recentSongId: z.number().int().nullable(),
    })
    .nullable(),
  votes: z.record(
    z.string(),
    z.object({ like: z.boolean().optional(), star: z.boolean().optional() }),
  ),
  /** PTS-DJ-5: the voters who are people (not guests or bots). */
  people: z.array(z.string()).optional(),
});
export type PersistedRoom = z.infer<typeof PersistedRoom>;

/** The room's persisted part, or null when there is nothing to keep (no DJ, no song). */
export function snapshotOf(room: LiveRoom): PersistedRoom | null {
  const s = room.state;
  if (s.djs.length === 0 && !s.nowPlaying) return null;
  return {
    v: 1,
    djs: s.djs.map((d) => ({
      uuid: d.uuid,
      tokenRole: d.tokenRole,
      roles: room.members.get(d.uuid)?.roles ?? [d.tokenRole],
      position: s.allUserData[d.uuid]?.position ?? { x: 50, y: 50 },
      nextSong: d.nextSong,
      plays: room.djPlays.get(d.uuid) ?? 0,
    })),
    nowPlaying:
      s.nowPlaying && room.playing
        ? {
            ...s.nowPlaying,
            djUuid: room.playing.djUuid,
            recentSongId: room.playing.recentSongId,
          }
        : null,
    votes: Object.fromEntries(room.votes),
    people: [...room.votes.keys()].filter((uuid) => {
      const m = room.members.get(uuid);
      if (!m) return room.restoredVoters?.uuids.has(uuid) ?? false;
      return m.tokenRole !== 'guest' && m.tokenRole !== 'bot';
    }),
  };
}

export function parsePersisted(raw: unknown): PersistedRoom | null {
  const parsed = PersistedRoom.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * Rebuilds a room from its persisted part: the DJs are back in their seats as users without a
 * connection (they leave after the grace period unless they reconnect), the song keeps its times,
 * its voters count as present until `graceEnds` unless they rejoin first (PTS-DJ-5).
 * No message is sent: nobody is connected yet.
 */
export function restoreInto(
  room: LiveRoom,
  saved: PersistedRoom,
  profiles: Map<string, UserProfileDto | GhostUserProfile>,
  graceEnds: number,
): void {
  room.muted = true;
  for (const dj of saved.djs) {
    const user: JoiningUser = {
      uuid: dj.uuid,
      tokenRole: dj.tokenRole,
      isGuest: false,
      roles: dj.roles,
      profile: profiles.get(dj.uuid) ?? {
        uuid: dj.uuid,
        nickname: 'DJ',
        color: '#562DF9',
        avatarId: 'default',
      },
      position: dj.position,
    };
    room.addMember(user, 'restored');
    room.members.get(dj.uuid)!.connections.clear();
    room.seat(dj.uuid, dj.nextSong);
    room.djPlays.set(dj.uuid, dj.plays);
  }
  const w = room.writer();
  const np = saved.nowPlaying;
  if (np && room.isDj(np.djUuid)) {
    const index = room.state.djs.findIndex((d) => d.uuid === np.djUuid);
    for (let k = 0; k < index; k++) {
      w.move('/djs/0', '/djs/-');
      w.move('/visibleDjs/0', '/visibleDjs/-');
    }
    w.replace('/nowPlaying', { song: np.song, startTime: np.startTime, endTime: np.endTime });
    w.replace(
      '/songsRemainingForDj',
      songsRemaining(room.settings.songsPerDj, room.djPlays.get(np.djUuid) ?? 0, true),
    );
    room.playing = { djUuid: np.djUuid, recentSongId: np.recentSongId };
    const counts = { ...NO_VOTES };
    for (const [voter, v] of Object.entries(saved.votes)) {
      room.votes.set(voter, v);
      if (v.like === true) counts.likes++;
      if (v.like === false) counts.dislikes++;
      if (v.star) counts.stars++;
    }
    writeCounts(room, w, counts); // VOTE-PLAY-5: private dislikes stay private
    const people = (saved.people ?? []).filter((u) => u in saved.votes);
    room.restoredVoters = { uuids: new Set(people), until: graceEnds };
  }
  w.take();
  room.muted = false;
  room.dirty = false;
}
