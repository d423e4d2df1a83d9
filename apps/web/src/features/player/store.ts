import { create } from 'zustand';
import type { SongProvider } from '@tt/protocol';
import type { LoggedPlayEvent } from '../../lib/player/analytics';
import type { MediaStatus, SyncSample } from '../../lib/player/hls';

/** What the page shows of playback: `unavailable` = a song plays that nothing here can play. */
export type PlayerStatus = MediaStatus | 'unavailable';

export interface PlayerView {
  provider: SongProvider | null;
  status: PlayerStatus;
  volume: number;
  muted: boolean;
  /** The server refused a guest the song (LIVE-LISTEN-2): playback stopped until they sign in. */
  needsSignIn: boolean;
  /** The last sync measurement of the media element (uploads). */
  sample: SyncSample | null;
  /** serverTime − Date.now() used by the player, ms. */
  serverOffset: number;
  /** The drift overlay is showing. */
  overlay: boolean;
  /** Play events sent lately, newest first. */
  events: readonly LoggedPlayEvent[];
  /** SYNC-11: ms between the last song's audio stopping and the next one's starting. */
  lastGapMs: number | null;
  /** SYNC-9: the next song's title while it is preloaded. */
  preloaded: string | null;
}

export const usePlayerStore = create<PlayerView>()(() => ({
  provider: null,
  status: 'idle',
  volume: 0.8,
  muted: false,
  needsSignIn: false,
  sample: null,
  serverOffset: 0,
  overlay: false,
  events: [],
  lastGapMs: null,
  preloaded: null,
}));

export function toggleOverlay(): void {
  usePlayerStore.setState((s) => ({ overlay: !s.overlay }));
}
