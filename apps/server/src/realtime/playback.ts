import type { Logger } from 'pino';
import type { MinimalSongDto, TokenRole } from '@tt/protocol';
import type { DomainEvents } from '../platform/events';
import type { RoomsPort } from '../platform/ports';
import type { LiveRoom } from './live-room';
import { songEnded } from './listening';
import { dropPlayedBefore } from './new-tracks';
import type { PatchWriter } from './patch-writer';
import { pointer } from './patch-writer';
import { mustStepDown, nextDjIndex, songsRemaining } from './rules/rotation';
import { tooLong } from './rules/room-rules';
import { NO_VOTES, vibeMeter } from './rules/votes';
import { realCounts } from './vote-counts';

export interface PlaybackDeps {
  rooms(): RoomsPort;
  log: Logger;
  /** Keeps a background write (songEnded) so that close() can wait for it. */
  track(p: Promise<unknown>): void;
  /** Runs `fn` as a task of the room (the end-of-song timer goes through the room's queue). */
  enqueue(roomUuid: string, fn: (room: LiveRoom | undefined) => Promise<void> | void): void;
  /** NOTIFY-ROOM-1: a song started in a room where none was playing. */
  wentLive(roomUuid: string, djUuid: string): void;
  /** PTS-DJ-1: a song ended, with who liked, starred and heard it (for points); resolves once
   * the announcement is written (or failed and was logged). */
  played(play: SongPlay): Promise<void>;
}

/** A finished song, as `room.songPlayed` carries it (the end time is stamped when announced). */
export type SongPlay = Omit<DomainEvents['room.songPlayed'], 'endedAt'> & { startTime: number };

/** PTS-DJ-2: who counts — signed-in people in the room at the end, not the DJ, guests or bots. */
function playOf(
  room: LiveRoom,
  djUuid: string,
  songId: string,
  startTime: number,
  playedSeconds: number,
  song: { trackName: string; artistName: string },
): SongPlay {
  const people = new Set(
    room.state.allUsers
      .filter((u) => u.tokenRole !== 'guest' && u.tokenRole !== 'bot' && u.uuid !== djUuid)
      .map((u) => u.uuid),
  );
  // PTS-DJ-5: voters still reconnecting after the room moved here count as in the room.
  const restored = room.restoredVoters;
  if (restored && Date.now() < restored.until) {
    for (const uuid of restored.uuids) if (uuid !== djUuid) people.add(uuid);
  }
  const likers: string[] = [];
  const starrers: string[] = [];
  for (const [uuid, votes] of room.votes) {
    if (!people.has(uuid)) continue; // left, or the DJ, a guest, a bot
    if (votes.like === true) likers.push(uuid);
    if (votes.star) starrers.push(uuid);
  }
  return {
    roomUuid: room.uuid,
    startTime,
    djUuid,
    songId,
    playedSeconds,
    likers,
    starrers,
    listeners: [...people],
    trackName: song.trackName,
    artistName: song.artistName,
  };
}

/** Longest delay setTimeout accepts. */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * SYNC-7: how late (ms) the end-of-song task may run and the next song still start at the
 * previous one's endTime; later than this (a server that was down, a stalled queue) it starts now.
 */
export const SEAM_MS = 2000;

/** SYNC-7: the next song's startTime: the previous song's endTime when it ended on time, else now. */
export function seamStart(previousEnd: number | null, now: number): number {
  if (previousEnd === null || previousEnd > now || now - previousEnd > SEAM_MS) return now;
  return previousEnd;
}

/**
 * Songs: who plays next, the end-of-song timer, recording plays (RR-ROT-*, RR-SPD-*, RR-TIMER-*).
 */
export class Playback {
  constructor(private readonly deps: PlaybackDeps) {}

  /**
   * The song ended (timer or skip) or its DJ left the seat: a DJ who reached songsPerDj steps down
   * (removedDj), the song is recorded, and the next DJ with a song plays (playedSong).
   */
  async advance(room: LiveRoom): Promise<void> {
    const dj = room.playing?.djUuid;
    if (dj && room.isDj(dj) && mustStepDown(room.settings.songsPerDj, room.djPlays.get(dj) ?? 0)) {
      room.unseat(dj);
    }
    const w = room.writer();
    const previousEnd = room.state.nowPlaying?.endTime ?? null;
    const ending = this.endOps(room, w);
    await dropPlayedBefore(room, w, (r, key) => this.playedBefore(r, key)); // ROOM-RULES-8
    const started = this.startOps(room, w, previousEnd);
    if (!started && room.state.nowPlaying !== null) {
      w.replace('/nowPlaying', null);
      w.replace('/songsRemainingForDj', 0);
    }
    // Recorded before clients hear of it: the recent-songs list already has the song.
    if (started) await this.recordStart(room, started);
    room.flush(w, 'playedSong');
    this.arm(room);
    // RR-TIMER-4: the room's state moves on (it is saved after this task) only once the song's
    // end is written: a process killed after the save leaves neither the play nor its end unwritten.
    room.ending = ending;
    await ending;
    if (room.ending === ending) room.ending = null;
  }

  /** Nothing plays and the lineup changed (a DJ sat down or chose a song): play if someone can. */
  async startIfIdle(room: LiveRoom): Promise<void> {
    if (room.playing) return;
    const w = room.writer();
    await dropPlayedBefore(room, w, (r, key) => this.playedBefore(r, key)); // ROOM-RULES-8
    const started = this.startOps(room, w);
    if (started) await this.recordStart(room, started);
    room.flush(w, 'playedSong');
    if (started) {
      this.arm(room);
      this.deps.wentLive(room.uuid, started.djUuid);
    }
  }

  /** (Re-)arms the end-of-song timer from nowPlaying.endTime (RR-TIMER-1, RR-TIMER-2). */
  arm(room: LiveRoom): void {
    if (room.endTimer) clearTimeout(room.endTimer);
    room.endTimer = null;
    const np = room.state.nowPlaying;
    if (!np) return;
    const startTime = np.startTime;
    const delay = Math.min(MAX_DELAY, Math.max(0, np.endTime - Date.now()));
    room.endTimer = setTimeout(() => {
      this.deps.enqueue(room.uuid, async (current) => {
        if (current !== room || room.state.nowPlaying?.startTime !== startTime) return;
        room.endTimer = null;
        await this.advance(room);
      });
    }, delay);
    room.endTimer.unref?.();
  }

  /** ROOM-RULES-2/6: the room's last `n` plays (newest first), as `viewer` may read them. */
  async recentPlays(
    room: LiveRoom,
    viewer: { uuid: string; roles: TokenRole[]; isGuest: boolean },
    n: number,
  ): Promise<{ song: MinimalSongDto; playedAt: string; djUuid: string }[]> {
    const { songs } = await this.deps.rooms().recentSongs(viewer, room.settings.slug, n, 0);
    return songs;
  }

  /** ROOM-RULES-8: was a song of this key ever played in the room. */
  playedBefore(room: LiveRoom, key: string): Promise<boolean> {
    return this.deps.rooms().playedBefore(room.uuid, key);
  }

  /** Stops the timer (room unloaded or reset). */
  disarm(room: LiveRoom): void {
    if (room.endTimer) clearTimeout(room.endTimer);
    room.endTimer = null;
  }

  /**
   * Records the end of the song playing (played seconds, final votes; the play announced); resets
   * votes, rotates. Answers when those writes are done (they never reject).
   */
  private endOps(room: LiveRoom, w: PatchWriter): Promise<unknown> {
    const playing = room.playing;
    const np = room.state.nowPlaying;
    if (!playing || !np) return Promise.resolve();
    this.disarm(room);
    const now = Date.now();
    songEnded(room, np.song, now);
    const playedSeconds = Math.round(Math.max(0, Math.min(np.endTime, now) - np.startTime) / 1000);
    const songId = np.song.songShortId ?? `${np.song.artistName} – ${np.song.trackName}`;
    const writes: Promise<unknown>[] = [
      this.deps.played(playOf(room, playing.djUuid, songId, np.startTime, playedSeconds, np.song)),
    ];
    {
      const voteCounts = realCounts(room); // VOTE-PLAY-5: the real ones, private dislikes too
      const known = playing.recentSongId;
      const song = np.song;
      const startedAt = new Date(np.startTime);
      // RR-TIMER-3: a start whose write was lost (its process killed first, or the write failed)
      // is written now, so every play announced is in the room's recent songs.
      const ended = (async () => {
        const rooms = this.deps.rooms();
        const recentSongId =
          known ??
          (await rooms.songStarted({
            roomUuid: room.uuid,
            song,
            djUuid: playing.djUuid,
            startedAt,
          }));
        await rooms.songEnded({ recentSongId, voteCounts, playedSeconds });
      })().catch((err) => this.deps.log.error({ err, room: room.uuid }, 'songEnded failed'));
      this.deps.track(ended);
      writes.push(ended);
    }
    // The DJ who played goes to the end of the lineup (if still seated).
    if (room.state.djs[0]?.uuid === playing.djUuid && room.state.djs.length > 1) {
      w.move('/djs/0', '/djs/-');
      w.move('/visibleDjs/0', '/visibleDjs/-');
    }
    // VOTE-PLAY-5: those who saw private counts hold the real ones, which are reset too.
    const counts = room.state.voteCounts;
    const real = realCounts(room);
    const voted = (c: typeof counts) => c.likes || c.dislikes || c.stars;
    if (voted(counts) || voted(real)) w.replace('/voteCounts', { ...NO_VOTES });
    const rest = vibeMeter(NO_VOTES);
    if (room.state.vibeMeter !== rest || vibeMeter(real) !== rest) w.replace('/vibeMeter', rest);
    for (const voter of room.votes.keys()) {
      if (voter in room.state.allUserData)
        w.replace(pointer('allUserData', voter, 'songVotes'), {});
    }
    room.votes.clear();
    room.restoredVoters = null;
    room.playing = null;
    room.dirty = true;
    return Promise.all(writes);
  }

  /** Puts the next DJ with a song first and plays that song. */
  private startOps(
    room: LiveRoom,
    w: PatchWriter,
    previousEnd: number | null = null,
  ): { djUuid: string; song: MinimalSongDto; startTime: number } | null {
    // ROOM-RULES-1: a queued song the rules now refuse is dropped; its DJ is passed over.
    room.state.djs.forEach((d, i) => {
      if (d.nextSong && tooLong(room.settings, d.nextSong as MinimalSongDto)) {
        w.replace(pointer('djs', i, 'nextSong'), null);
        w.replace(pointer('visibleDjs', i, 'nextSong'), null);
      }
    });
    const index = nextDjIndex(room.state.djs);
    if (index < 0) return null;
    for (let k = 0; k < index; k++) {
      w.move('/djs/0', '/djs/-');
      w.move('/visibleDjs/0', '/visibleDjs/-');
    }
    const dj = room.state.djs[0];
    const song = dj.nextSong as MinimalSongDto;
    // SYNC-7: a song that ended on time is followed with no gap on the room's timeline.
    const startTime = seamStart(previousEnd, Date.now());
    const plays = (room.djPlays.get(dj.uuid) ?? 0) + 1;
    room.djPlays.set(dj.uuid, plays);
    w.replace('/djs/0/nextSong', null);
    w.replace('/visibleDjs/0/nextSong', null);
    w.replace('/nowPlaying', {
      song,
      startTime,
      endTime: startTime + Math.round(song.duration * 1000),
    });
    w.replace('/songsRemainingForDj', songsRemaining(room.settings.songsPerDj, plays, true));
    room.playing = { djUuid: dj.uuid, recentSongId: null };
    room.dirty = true;
    return { djUuid: dj.uuid, song, startTime };
  }

  /** The song goes to the front of the room's recent songs. */
  private async recordStart(
    room: LiveRoom,
    started: { djUuid: string; song: MinimalSongDto; startTime: number },
  ): Promise<void> {
    try {
      const id = await this.deps.rooms().songStarted({
        roomUuid: room.uuid,
        song: started.song,
        djUuid: started.djUuid,
        startedAt: new Date(started.startTime),
      });
      if (room.playing && room.state.nowPlaying?.startTime === started.startTime) {
        room.playing.recentSongId = id;
        room.dirty = true;
      }
    } catch (err) {
      this.deps.log.error({ err, room: room.uuid }, 'songStarted failed');
    }
  }
}
