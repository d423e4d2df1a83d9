import type { ClientNowPlaying, ClientRoomState, MinimalSongDto } from '@tt/protocol';
import { serverNow } from '@tt/room-client';
import type { PlaybackEngine } from './engine';
import type { PlayTracker } from './tracking';

/** The room as the player sees it (from the room store). */
export interface RoomSnapshot {
  slug: string | null;
  state: Pick<ClientRoomState, 'nowPlaying' | 'djs' | 'settings'> | null;
  /** serverTime − local clock, ms. */
  serverTimeOffset: number;
}

interface Playing {
  key: string;
  slug: string;
  nowPlaying: ClientNowPlaying;
  djUuid: string | null;
  ownerUuid: string | null;
}

function keyOf(np: ClientNowPlaying | null): string | null {
  return np ? `${np.startTime}|${np.endTime}|${np.song.songShortId ?? np.song.trackName}` : null;
}

/**
 * Drives the engine from the room's now-playing song: a song plays on join and on
 * playSong, a different song replaces it, nothing playing stops. It also keeps play tracking: a
 * record starts when the song is heard, continues every second, and ends with the song.
 */
export class RoomPlayer {
  private playing: Playing | null = null;
  private key: string | null = null;
  private tracked: { key: string; slug: string; song: MinimalSongDto } | null = null;

  constructor(
    private readonly engine: PlaybackEngine,
    private readonly tracker: PlayTracker,
    private readonly options: { clock?: () => number; userProvider?: () => string | null } = {},
  ) {}

  /** Call on every room store change; only a change of song reaches the engine. */
  update(room: RoomSnapshot): void {
    const np = room.state?.nowPlaying ?? null;
    const key = keyOf(np);
    if (key === this.key) return;
    this.endTracking();
    this.key = key;
    this.playing =
      np && key && room.slug && room.state
        ? {
            key,
            slug: room.slug,
            nowPlaying: np,
            djUuid: room.state.djs[0]?.uuid ?? null,
            ownerUuid:
              room.state.settings.roomRoles.find((r) => r.role === 'owner')?.userUuid ?? null,
          }
        : null;
    void this.engine.play(np, serverNow(room.serverTimeOffset, this.options.clock));
  }

  /** The song the room plays now (null when silent). */
  nowPlaying(): ClientNowPlaying | null {
    return this.playing?.nowPlaying ?? null;
  }

  /** The provider started to sound for the current song: play tracking starts (once per song). */
  heard(): void {
    const p = this.playing;
    if (!p || this.tracked?.key === p.key) return;
    this.tracker.start({
      roomSlug: p.slug,
      roomOwnerUuid: p.ownerUuid,
      djUuid: p.djUuid,
      song: p.nowPlaying.song,
      volume: this.engine.effectiveVolume(),
      deviceData: { platform: 'web' },
      userProvider: this.engine.getState().provider,
    });
    this.tracked = { key: p.key, slug: p.slug, song: p.nowPlaying.song };
  }

  /** Every second while the song is heard: time and volume (15 s / 30 s events go from here). */
  tick(): void {
    const t = this.tracked;
    if (!t) return;
    this.tracker.continue({
      roomSlug: t.slug,
      song: t.song,
      volume: this.engine.effectiveVolume(),
    });
  }

  /** The page is going away: the total played is flushed. */
  dispose(): void {
    this.endTracking();
  }

  private endTracking(): void {
    const t = this.tracked;
    if (!t) return;
    this.tracked = null;
    this.tracker.end({ roomSlug: t.slug, song: t.song, volume: this.engine.effectiveVolume() });
  }
}
