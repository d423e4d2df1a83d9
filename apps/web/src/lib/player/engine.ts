import {
  SONG_PROVIDERS,
  type ClientNowPlaying,
  type MinimalSongDto,
  type SongProvider,
} from '@tt/protocol';
import { startOffsetSeconds } from '@tt/room-client';
import { candidateProviders, type Brand, type ChoiceContext } from './choose';

/** What a provider receives to start a song. */
export interface PlayRequest {
  song: MinimalSongDto;
  /** Seconds into the song to start at, never negative. */
  offsetSeconds: number;
  /** When the song ends, server clock ms (providers that keep in sync measure against it). */
  endTime?: number;
  /** The song's id at this provider (its musicProviders entry). */
  id: string;
  /** Stream URL, for providers that play from a URL (uploadService: the HLS playlist). */
  url?: string;
  /** Access token, for providers that need one (spotify, soundCloudPublic). */
  token?: string;
}

/** A music provider the engine can drive (Spotify Web Playback, MusicKit, YouTube IFrame, hls.js, …). */
export interface PlaybackProvider {
  name: SongProvider;
  /** Optional in the type only so that a handler-less registration fails with its error message. */
  play?(request: PlayRequest): void | Promise<void>;
  stop(): void | Promise<void>;
  /** 0…1; 0 while muted. */
  setVolume(volume: number): void;
}

/** The messages playback errors are thrown with. */
export const PlayerErrors = {
  missingPlayHandler: (provider: string) => `Missing play handler for ${provider}`,
  missingUrl: (provider: string) => `Missing URL to play from ${provider}`,
  missingId: (provider: string) => `Missing ID to play from ${provider}`,
  unknownProvider: 'Unknown provider',
  noSoundCloudToken: 'No SoundCloud public token',
  noSpotifyToken: 'No Spotify token',
  failedToPlay: 'Failed to play song',
} as const;

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface PlayerLogger {
  error(message: string, error?: unknown): void;
}

export interface ProviderTokens {
  spotify?: string | null;
  soundcloud?: string | null;
}

/** Providers that play from a URL instead of (only) an id. */
const URL_PROVIDERS: ReadonlySet<string> = new Set(['uploadService']);

export function isKnownProvider(name: string): name is SongProvider {
  return (SONG_PROVIDERS as readonly string[]).includes(name);
}

/**
 * Builds what `provider` needs to play `song`, throwing the playback errors when something is
 * missing. Exported for the provider adapters and tests; the engine logs these as "Failed to
 * play song".
 */
export function buildPlayRequest(
  provider: PlaybackProvider,
  song: MinimalSongDto,
  offsetSeconds: number,
  deps: {
    tokens?: ProviderTokens;
    resolveUrl?: (provider: SongProvider, song: MinimalSongDto) => string | undefined;
  },
): PlayRequest {
  const name = provider.name;
  if (!isKnownProvider(name)) throw new Error(PlayerErrors.unknownProvider);
  if (typeof provider.play !== 'function') throw new Error(PlayerErrors.missingPlayHandler(name));
  const id = song.musicProviders[name];
  if (!id) throw new Error(PlayerErrors.missingId(name));
  const request: PlayRequest = { song, offsetSeconds, id };
  if (URL_PROVIDERS.has(name)) {
    const url = deps.resolveUrl?.(name, song);
    if (!url) throw new Error(PlayerErrors.missingUrl(name));
    request.url = url;
  }
  if (name === 'spotify') {
    if (!deps.tokens?.spotify) throw new Error(PlayerErrors.noSpotifyToken);
    request.token = deps.tokens.spotify;
  }
  if (name === 'soundCloudPublic') {
    if (!deps.tokens?.soundcloud) throw new Error(PlayerErrors.noSoundCloudToken);
    request.token = deps.tokens.soundcloud;
  }
  return request;
}

export interface PlayerUser {
  loggedIn: boolean;
  brand?: Brand;
  connectedProviders?: readonly string[];
}

export interface PlayerState {
  /** The provider playing now, if any. */
  provider: SongProvider | null;
  nowPlaying: ClientNowPlaying | null;
  volume: number;
  muted: boolean;
  /**
   * The server refused a guest the song's key (LIVE-LISTEN-2): playback stopped, the UI should
   * prompt to sign in. Listening in a live room never uses this up on its own.
   */
  needsSignIn: boolean;
}

export type PlayerEvent =
  | { type: 'state'; state: PlayerState }
  | { type: 'needsSignIn' }
  | { type: 'error'; error: unknown };

export interface PlaybackEngineOptions {
  logger?: PlayerLogger;
  /** Local clock in ms; the offset to the server clock is learnt from play(…, serverNow). */
  clock?: () => number;
  tokens?: ProviderTokens | (() => ProviderTokens);
  resolveUrl?: (provider: SongProvider, song: MinimalSongDto) => string | undefined;
  user?: PlayerUser;
  volume?: number;
}

function clamp01(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(1, Math.max(0, value));
}

/**
 * Framework-free playback engine. One provider plays at a time; any
 * change (play, provider registration, user, tokens) re-evaluates which provider should play.
 */
export class PlaybackEngine {
  private readonly providers = new Map<SongProvider, PlaybackProvider>();
  private readonly listeners = new Set<(event: PlayerEvent) => void>();
  private readonly logger: PlayerLogger;
  private readonly clock: () => number;
  private readonly resolveUrl?: PlaybackEngineOptions['resolveUrl'];
  private tokens: PlaybackEngineOptions['tokens'];
  private user: PlayerUser;

  private wanted: ClientNowPlaying | null = null;
  /** serverNow − local clock, learnt at play(). */
  private serverOffset = 0;
  private current: { provider: PlaybackProvider; endTime: number } | null = null;
  private volume: number;
  private duck = 1;
  private muted = false;
  private needsSignIn = false;
  private generation = 0;

  constructor(options: PlaybackEngineOptions) {
    this.logger = options.logger ?? { error: (message, error) => console.error(message, error) };
    this.clock = options.clock ?? Date.now;
    this.tokens = options.tokens;
    this.resolveUrl = options.resolveUrl;
    this.user = options.user ?? { loggedIn: false };
    this.volume = clamp01(options.volume ?? 1);
  }

  // ---- providers -------------------------------------------------------------------------

  register(provider: PlaybackProvider): () => void {
    if (!isKnownProvider(provider.name)) throw new Error(PlayerErrors.unknownProvider);
    const previous = this.providers.get(provider.name);
    if (previous === provider) return () => this.unregister(provider);
    if (previous && this.current?.provider === previous) this.stopCurrent();
    this.providers.set(provider.name, provider);
    this.reevaluate();
    return () => this.unregister(provider);
  }

  unregister(provider: PlaybackProvider | SongProvider): void {
    const name = typeof provider === 'string' ? provider : provider.name;
    const registered = this.providers.get(name);
    if (!registered || (typeof provider !== 'string' && registered !== provider)) return;
    if (this.current?.provider === registered) this.stopCurrent();
    this.providers.delete(name);
    this.reevaluate();
  }

  registeredProviders(): SongProvider[] {
    return [...this.providers.keys()];
  }

  // ---- context ---------------------------------------------------------------------------

  setUser(user: PlayerUser): void {
    this.user = user;
    if (user.loggedIn && this.needsSignIn) this.needsSignIn = false;
    this.reevaluate();
  }

  setTokens(tokens: ProviderTokens): void {
    this.tokens = tokens;
    this.reevaluate();
  }

  // ---- playback --------------------------------------------------------------------------

  /** Plays the room's now-playing song (null stops). `serverNow` is the server clock in ms. */
  play(nowPlaying: ClientNowPlaying | null, serverNow: number): Promise<void> {
    this.serverOffset = serverNow - this.clock();
    if (!nowPlaying) {
      this.stop();
      return Promise.resolve();
    }
    this.wanted = nowPlaying;
    return this.evaluate();
  }

  /** Stops playback and forgets the song. */
  stop(): void {
    this.wanted = null;
    this.generation++;
    this.stopCurrent();
    this.emitState();
  }

  setVolume(volume: number): void {
    this.volume = clamp01(volume);
    this.applyVolume();
    this.emitState();
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    this.applyVolume();
    this.emitState();
  }

  toggleMute(): void {
    this.setMuted(!this.muted);
  }

  /** LIVE-AUDIO-8: a factor on the music's volume while someone talks in the room (1: none). */
  setDuck(factor: number): void {
    if (this.duck === clamp01(factor)) return;
    this.duck = clamp01(factor);
    this.applyVolume();
  }

  /** Volume actually sent to providers: 0 while muted, lowered while someone talks. */
  effectiveVolume(): number {
    return this.muted ? 0 : this.volume * this.duck;
  }

  /** SYNC-9: the registered provider that would play `song` for this user now (null: none). */
  providerFor(song: MinimalSongDto): SongProvider | null {
    if (this.needsSignIn) return null;
    const ctx: ChoiceContext = {
      loggedIn: this.user.loggedIn,
      brand: this.user.brand ?? 'turntable',
      connectedProviders: this.user.connectedProviders,
    };
    return candidateProviders(ctx, song).find((p) => this.providers.has(p)) ?? null;
  }

  getState(): PlayerState {
    return {
      provider: this.current?.provider.name ?? null,
      nowPlaying: this.wanted,
      volume: this.volume,
      muted: this.muted,
      needsSignIn: this.needsSignIn,
    };
  }

  subscribe(listener: (event: PlayerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The server refused this guest the song's key (LIVE-LISTEN-2): stop and ask them to sign in.
   * Signing in (setUser) plays again.
   */
  signInNeeded(): void {
    if (this.user.loggedIn || this.needsSignIn) return;
    this.wanted = null;
    this.stopCurrent();
    this.needsSignIn = true;
    this.emit({ type: 'needsSignIn' });
    this.emitState();
  }

  // ---- internals -------------------------------------------------------------------------

  private reevaluate(): void {
    void this.evaluate();
  }

  private async evaluate(): Promise<void> {
    const nowPlaying = this.wanted;
    if (!nowPlaying) return;
    const ctx: ChoiceContext = {
      loggedIn: this.user.loggedIn,
      brand: this.user.brand ?? 'turntable',
      connectedProviders: this.user.connectedProviders,
    };
    const name = candidateProviders(ctx, nowPlaying.song).find((p) => this.providers.has(p));
    const provider = name ? this.providers.get(name) : undefined;
    if (!provider) {
      // Nothing registered can play it (yet): silence; a later registration re-evaluates.
      if (this.current) {
        this.stopCurrent();
        this.emitState();
      }
      return;
    }
    if (
      this.current &&
      this.current.provider === provider &&
      this.current.endTime === nowPlaying.endTime
    )
      return;

    // LIVE-LISTEN-2: a live room's songs are no previews: guests hear every one, uncounted.
    if (this.current && this.current.provider !== provider) this.stopCurrent();
    const generation = ++this.generation;
    this.current = { provider, endTime: nowPlaying.endTime };
    this.emitState();
    try {
      const tokens = typeof this.tokens === 'function' ? this.tokens() : this.tokens;
      const serverNow = this.clock() + this.serverOffset;
      const offset = startOffsetSeconds(nowPlaying, serverNow);
      const request = buildPlayRequest(provider, nowPlaying.song, offset, {
        tokens,
        resolveUrl: this.resolveUrl,
      });
      request.endTime = nowPlaying.endTime;
      provider.setVolume(this.effectiveVolume());
      await provider.play!(request);
    } catch (error) {
      this.logger.error(PlayerErrors.failedToPlay, error);
      if (generation === this.generation && this.current?.provider === provider) {
        this.current = null;
        this.emitState();
      }
      this.emit({ type: 'error', error });
    }
  }

  private stopCurrent(): void {
    const current = this.current;
    this.current = null;
    if (!current) return;
    try {
      const result = current.provider.stop();
      if (result instanceof Promise)
        result.catch((error) => this.logger.error('Failed to stop song', error));
    } catch (error) {
      this.logger.error('Failed to stop song', error);
    }
  }

  private applyVolume(): void {
    this.current?.provider.setVolume(this.effectiveVolume());
  }

  private emitState(): void {
    this.emit({ type: 'state', state: this.getState() });
  }

  private emit(event: PlayerEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}
