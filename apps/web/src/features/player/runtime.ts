import { inActivity } from '../../lib/activity';
import {
  playlistSearchEndpoints,
  songHlsPaths,
  type MinimalSongDto,
  type SongProvider,
} from '@tt/protocol';
import { serverNow } from '@tt/room-client';
import { api } from '../../lib/api';
import { BRAND } from '../../lib/brand';
import { PlayEventLog } from '../../lib/player/analytics';
import { browserAnalytics } from '../../lib/analytics/appEvents';
import { PlaybackEngine, type PlaybackProvider, type PlayerState } from '../../lib/player/engine';
import { HlsPlaybackProvider, type HlsClass, type MediaStatus } from '../../lib/player/hls';
import { browserStorage, readVolumePrefs, writeVolumePrefs } from '../../lib/player/prefs';
import { RoomPlayer } from '../../lib/player/room';
import { predictNext } from '../../lib/player/next';
import { PlayTracker } from '../../lib/player/tracking';
import {
  createVendorProviders,
  DEFAULT_VENDOR_CONFIG,
  ScriptLoader,
  vendorProvidersFor,
  type VendorConfig,
  type VendorDocument,
} from '../../lib/player/vendor/index';
import { currentToken, useSession } from '../../lib/session';
import { PlayerAccounts } from './accounts';
import { useRoomStore } from '../../lib/socket/store';
import { usePlayerStore, type PlayerStatus } from './store';

const env = import.meta.env;
const logger = { error: (message: string, error?: unknown) => console.error(message, error) };

/** Build variables may point the vendor players elsewhere (VITE_…); defaults are the vendors'. */
function vendorConfig(): VendorConfig {
  const d = DEFAULT_VENDOR_CONFIG;
  const pick = (value: unknown, fallback: string) =>
    typeof value === 'string' && value ? value : fallback;
  return {
    scripts: {
      spotify: pick(env.VITE_SPOTIFY_SDK_URL, d.scripts.spotify),
      apple: pick(env.VITE_MUSICKIT_URL, d.scripts.apple),
      youtube: pick(env.VITE_YOUTUBE_IFRAME_API_URL, d.scripts.youtube),
      soundCloudPublic: pick(env.VITE_SOUNDCLOUD_WIDGET_API_URL, d.scripts.soundCloudPublic),
    },
    spotifyApiUrl: pick(env.VITE_SPOTIFY_API_URL, d.spotifyApiUrl),
    youtubeHost: pick(env.VITE_YOUTUBE_HOST, d.youtubeHost),
    soundcloudWidgetUrl: pick(env.VITE_SOUNDCLOUD_WIDGET_URL, d.soundcloudWidgetUrl),
    // ACTIVITY-1: inside Discord, SoundCloud is reached through this origin's proxy path.
    soundcloudApiUrl: inActivity()
      ? `${window.location.origin}/.proxy/soundcloud`
      : pick(env.VITE_SOUNDCLOUD_API_URL, d.soundcloudApiUrl),
    appleDeveloperToken: pick(env.VITE_APPLE_DEVELOPER_TOKEN, '') || undefined,
    appName: d.appName,
  };
}

function resolveUrl(provider: SongProvider, song: MinimalSongDto): string | undefined {
  const id = song.musicProviders[provider];
  return provider === 'uploadService' && id ? songHlsPaths.playlist(id) : undefined;
}

const serverClock = () => serverNow(useRoomStore.getState().serverTimeOffset);

/**
 * The page's one player: the engine, the <audio> element hls.js plays uploads in, the vendor
 * players this platform is configured for, and the wiring to the room store (what plays) and the
 * session (guest or user). Made on first entry to a room; it lives as long as the page, so music
 * goes on while the user looks around the app, and stops when they leave the room.
 */
class PlayerRuntime {
  media: HTMLAudioElement;
  /** SYNC-9: the element the next song is preloaded into; the two swap at each switch. */
  private spare: HTMLAudioElement;
  readonly engine: PlaybackEngine;
  readonly hls: HlsPlaybackProvider;
  private readonly storage = browserStorage();
  private readonly room: RoomPlayer;
  /** Play events: kept for the sync overlay and posted to the audit service. */
  private readonly log = new PlayEventLog({ forward: browserAnalytics().sink });
  private hlsStatus: MediaStatus = 'idle';
  private vendorStatus: MediaStatus = 'idle';
  private failedKey: string | null = null;

  constructor() {
    const prefs = readVolumePrefs(this.storage);
    this.media = document.createElement('audio');
    this.media.preload = 'auto';
    this.media.dataset.testid = 'player-media';
    document.body.appendChild(this.media);
    this.spare = document.createElement('audio');
    this.spare.preload = 'auto';
    this.spare.dataset.testid = 'player-media-next';
    document.body.appendChild(this.spare);

    this.engine = new PlaybackEngine({
      logger,
      resolveUrl,
      user: { loggedIn: useSession.getState().accessToken !== null },
      volume: prefs.volume,
    });
    this.engine.setMuted(prefs.muted);
    usePlayerStore.setState({ volume: prefs.volume, muted: prefs.muted });

    this.hls = new HlsPlaybackProvider({
      media: this.media,
      loadHls: () => import('hls.js').then((m) => m.default as unknown as HlsClass),
      token: currentToken,
      serverNow: serverClock,
      origin: window.location.origin,
      logger,
      onStatus: (status) => {
        this.hlsStatus = status;
        if (status === 'playing') this.room.heard();
        this.publish();
      },
      onSample: (sample) => {
        // SYNC-11: seeks made during this song (a seek is audible; steady play makes none).
        if (sample.action === 'seek')
          this.media.dataset.seeks = String(Number(this.media.dataset.seeks ?? 0) + 1);
        usePlayerStore.setState({ sample });
      },
      // LIVE-LISTEN-2: a room's song is no preview; only a key the server refuses stops a guest.
      onKeyRefused: () => this.engine.signInNeeded(),
      nextMedia: this.spare,
      crossfadeSeconds: () => useRoomStore.getState().state?.settings.rules?.crossfadeSeconds,
      onGap: (ms) => {
        this.media.dataset.lastGapMs = String(ms);
        usePlayerStore.setState({ lastGapMs: ms });
      },
      onMedia: (media, startTime) => this.swapped(media as HTMLAudioElement, startTime),
    });
    const tracker = new PlayTracker({ sink: this.log.sink, storage: this.storage, logger });
    this.room = new RoomPlayer(this.engine, tracker);
    this.log.subscribe(() => usePlayerStore.setState({ events: [...this.log.list()] }));

    this.engine.subscribe((event) => {
      if (event.type === 'error') this.failedKey = this.songKey();
      this.publish();
    });
    this.engine.register(this.hls);

    useRoomStore.subscribe((s) => this.onRoom(s));
    // Who listens, which services they connected, and the vendor players' tokens.
    const accounts = new PlayerAccounts(
      // BRAND-PROVIDERS-2: the engine picks providers by this server's brand (hangout:
      // 7digital, then uploads), not only by the listener's connected services.
      (user) => this.engine.setUser({ ...user, brand: BRAND }),
      (tokens) => this.engine.setTokens(tokens),
    );
    this.engine.setTokens(accounts.current());
    setInterval(() => {
      if (this.status() === 'playing') this.room.tick();
    }, 1000);
    window.addEventListener('pagehide', () => this.room.dispose());
    this.onRoom(useRoomStore.getState());
    void this.loadVendors();
  }

  duck(factor: number): void {
    this.engine.setDuck(factor);
  }

  setVolume(volume: number): void {
    this.engine.setVolume(volume);
    if (volume > 0 && this.engine.getState().muted) this.engine.setMuted(false);
    this.savePrefs();
  }

  toggleMute(): void {
    this.engine.toggleMute();
    this.savePrefs();
  }

  /** Called from the "click to listen" button: the click lets the browser play. */
  resume(): void {
    void this.hls.resume();
  }

  /** SYNC-10: the spare element now plays; the test ids and data- attributes follow it. */
  private swapped(media: HTMLAudioElement, startTime: number) {
    if (media === this.media) return;
    const old = this.media;
    this.media = media;
    this.spare = old;
    media.dataset.testid = 'player-media';
    old.dataset.testid = 'player-media-next';
    for (const key of ['serverOffset', 'lastGapMs'] as const) {
      if (old.dataset[key] !== undefined) media.dataset[key] = old.dataset[key];
    }
    media.dataset.startTime = String(startTime);
    media.dataset.seeks = '0';
  }

  private hlsStartTime(): number | '' {
    const np = this.room.nowPlaying();
    return np ? np.startTime : '';
  }

  /**
   * SYNC-9: the predicted next song (the lineup's next songs are public) is preloaded when this
   * listener would play it with hls.js; otherwise nothing is (vendor players start on playedSong).
   */
  private preloadNext(s: ReturnType<typeof useRoomStore.getState>) {
    const next = s.state ? predictNext(s.state) : null;
    const url = next ? resolveUrl('uploadService', next.song) : undefined;
    if (!next || !url || this.engine.providerFor(next.song) !== 'uploadService') {
      this.hls.preload(null);
      usePlayerStore.setState({ preloaded: null });
      return;
    }
    this.hls.preload({
      url,
      startTime: next.startTime,
      endTime: next.endTime,
      duration: next.song.duration,
    });
    usePlayerStore.setState({ preloaded: next.song.trackName });
  }

  private onRoom(s: ReturnType<typeof useRoomStore.getState>) {
    this.media.dataset.serverOffset = String(s.serverTimeOffset);
    this.spare.dataset.serverOffset = String(s.serverTimeOffset);
    usePlayerStore.setState({ serverOffset: s.serverTimeOffset });
    const before = this.room.nowPlaying();
    this.room.update({ slug: s.slug, state: s.state, serverTimeOffset: s.serverTimeOffset });
    if (this.room.nowPlaying() !== before) {
      const start = String(this.hlsStartTime());
      if (this.media.dataset.startTime !== start) {
        this.media.dataset.startTime = start;
        this.media.dataset.seeks = '0';
      }
      this.failedKey = null;
      if (!this.room.nowPlaying()) usePlayerStore.setState({ sample: null });
      // SYNC-10: a song already switched to sends no new 'playing': it is heard from now.
      if (this.hlsStatus === 'playing' && this.engine.getState().provider === 'uploadService')
        this.room.heard();
      this.publish();
    }
    this.preloadNext(s);
  }

  /** The vendor players the platform has (GET /search/sources); none in the offline setup. */
  private async loadVendors() {
    let sources;
    try {
      sources = (await api.call(playlistSearchEndpoints.sources, {})).sources;
    } catch (error) {
      console.debug('[player] no search sources: vendor players stay off', error);
      return;
    }
    const deps = {
      scripts: new ScriptLoader(document as unknown as VendorDocument),
      document: document as unknown as VendorDocument,
      global: window as unknown as Record<string, unknown>,
      config: vendorConfig(),
    };
    for (const provider of createVendorProviders(vendorProvidersFor(sources), deps)) {
      this.engine.register(this.watched(provider));
    }
  }

  /** Reports a vendor player's progress (loading, then playing or failed) to the page. */
  private watched(provider: PlaybackProvider): PlaybackProvider {
    return {
      name: provider.name,
      play: async (request) => {
        this.vendorStatus = 'loading';
        this.publish();
        try {
          await provider.play!(request);
          this.vendorStatus = 'playing';
          this.room.heard();
        } catch (error) {
          this.vendorStatus = 'error';
          throw error;
        } finally {
          this.publish();
        }
      },
      stop: () => {
        this.vendorStatus = 'idle';
        return provider.stop();
      },
      setVolume: (v) => provider.setVolume(v),
    };
  }

  private songKey(): string | null {
    const np = this.room.nowPlaying();
    return np ? `${np.startTime}|${np.endTime}` : null;
  }

  private status(state: PlayerState = this.engine.getState()): PlayerStatus {
    if (state.needsSignIn) return 'idle';
    if (state.provider === 'uploadService') return this.hlsStatus;
    if (state.provider) return this.vendorStatus;
    const key = this.songKey();
    if (!key) return 'idle';
    return this.failedKey === key ? 'error' : 'unavailable';
  }

  private publish() {
    const state = this.engine.getState();
    usePlayerStore.setState({
      provider: state.provider,
      status: this.status(state),
      volume: state.volume,
      muted: state.muted,
      needsSignIn: state.needsSignIn,
    });
  }

  private savePrefs() {
    const { volume, muted } = this.engine.getState();
    writeVolumePrefs(this.storage, { volume, muted });
  }
}

let runtime: PlayerRuntime | null = null;

/** The page's player, made on first use (entering a room). */
export function ensurePlayer(): PlayerRuntime {
  runtime ??= new PlayerRuntime();
  return runtime;
}

export function setPlayerVolume(volume: number): void {
  ensurePlayer().setVolume(volume);
}
/** LIVE-AUDIO-8: lowers the music (factor 0..1) while someone talks; 1 restores it. */
export function duckPlayer(factor: number): void {
  runtime?.duck(factor);
}
export function togglePlayerMute(): void {
  ensurePlayer().toggleMute();
}
export function resumePlayer(): void {
  ensurePlayer().resume();
}
