import { DriftController, expectedPositionSeconds } from '@tt/room-client';
import type { PlaybackProvider, PlayRequest } from './engine';
import { HlsKeyRefused, hlsKeyAuth, nativeHlsSource } from './hls-auth';
import { fadeGain } from './next';
import { GapMeter, NextDeck, release, StartLead, type PreloadRequest } from './preload';
import {
  bufferedRanges,
  type HlsClass,
  type HlsInstance,
  type HlsProviderOptions,
  type MediaLike,
  type MediaStatus,
  type SyncSample,
  type Timers,
} from './hls-types';

export * from './hls-types';

/** HAVE_FUTURE_DATA: the media can play on from where it is. */
const CAN_PLAY = 3;

/**
 * Plays uploads (provider uploadService) from their AES-128 HLS playlist with hls.js, or natively
 * where hls.js is unsupported (Safari without MediaSource); starts at the room's offset and keeps
 * in sync with the server clock: a seek past ~300 ms of drift, small drift by playbackRate.
 */
export class HlsPlaybackProvider implements PlaybackProvider {
  readonly name = 'uploadService' as const;
  private media: MediaLike;
  private readonly next: NextDeck | null;
  private switchTimer: unknown = null;
  private fadeTimer: unknown = null;
  private baseVolume = 1;
  private readonly lead = new StartLead();
  private readonly gap: GapMeter;
  /** SYNC-10: the old song, left to play out its last moment after the switch. */
  private draining: { media: MediaLike; hls: HlsInstance | null; timer: unknown } | null = null;
  private readonly timers: Timers;
  private readonly drift: DriftController;
  private generation = 0;
  private active = false;
  private hls: HlsInstance | null = null;
  private via: SyncSample['via'] = 'hls.js';
  private timer: unknown = null;
  private cleanups: (() => void)[] = [];
  private endTime = 0;
  private duration = 0;
  private url: string | null = null;
  private status: MediaStatus = 'idle';

  constructor(private readonly options: HlsProviderOptions) {
    this.media = options.media;
    this.timers = options.timers ?? {
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    };
    this.drift = new DriftController(options.drift);
    this.next = options.nextMedia
      ? new NextDeck(options.nextMedia, {
          loadHls: options.loadHls,
          token: options.token,
          origin: options.origin,
          logger: options.logger,
          claim: () => this.endDrain(),
        })
      : null;
    this.gap = new GapMeter((ms) => this.options.onGap?.(ms));
    for (const m of options.nextMedia ? [this.media, options.nextMedia] : [this.media]) {
      m.addEventListener('playing', () => {
        if (!this.active || m !== this.media) return;
        this.setStatus('playing');
        this.tick();
      });
      m.addEventListener('waiting', () => {
        if (this.active && m === this.media && this.status === 'playing') this.setStatus('loading');
      });
      m.addEventListener('ended', () => {
        if (m === this.media) this.gap.stopped(this.options.serverNow());
        if (m === this.draining?.media) this.endDrain();
      });
    }
  }

  /**
   * SYNC-9: loads the predicted next song into the spare element and arms the switch (SYNC-10)
   * at its start time on the server clock. Null forgets a preloaded song.
   */
  preload(request: PreloadRequest | null): void {
    if (!this.next) return;
    if (!request) {
      this.clearSwitch();
      this.next.drop();
      return;
    }
    void this.next.load(request);
    this.clearSwitch();
    const delay = Math.max(0, request.startTime - this.lead.ms() - this.options.serverNow());
    const set = this.timers.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
    this.switchTimer = set(() => {
      this.switchTimer = null;
      // Only a song playing here hands over; otherwise the room's playedSong starts it (play()).
      if (this.active) this.switchToNext();
    }, delay);
  }

  /** The element the song plays in now (SYNC-10 alternates between two). */
  currentMedia(): MediaLike {
    return this.media;
  }

  getStatus(): MediaStatus {
    return this.status;
  }

  async play(request: PlayRequest): Promise<void> {
    const url = request.url;
    if (!url) throw new Error('Missing URL to play from uploadService');
    // SYNC-10: the room now plays the song preloaded (or already switched to): keep it playing.
    const loaded = this.next?.loaded();
    if (loaded && loaded.url === url && loaded.endTime === request.endTime) {
      this.switchToNext();
      return;
    }
    if (this.active && this.hls && this.url === url && this.endTime === request.endTime) return;
    if (this.active) this.gap.stopped(this.options.serverNow());
    if (this.gap.pending()) this.gap.changed();
    this.teardown();
    this.url = url;
    const generation = ++this.generation;
    this.active = true;
    this.duration = request.song.duration;
    this.endTime =
      request.endTime ??
      this.options.serverNow() + (request.song.duration - request.offsetSeconds) * 1000;
    this.drift.reset();
    this.setStatus('loading');
    try {
      const Hls = await this.options.loadHls();
      if (generation !== this.generation) return;
      if (Hls?.isSupported()) {
        this.playWithHlsJs(Hls, url, generation);
      } else if (this.media.canPlayType('application/vnd.apple.mpegurl')) {
        await this.playNatively(url, generation);
      } else {
        throw new Error('HLS playback is not supported in this browser');
      }
      if (generation === this.generation) this.startLoop();
    } catch (error) {
      if (generation === this.generation) {
        this.teardown();
        this.setStatus('error', error);
        if (error instanceof HlsKeyRefused) this.options.onKeyRefused?.();
      }
      throw error;
    }
  }

  stop(): void {
    this.preload(null);
    this.teardown();
    this.endDrain();
    this.gap.reset();
    this.setStatus('idle');
  }

  setVolume(volume: number): void {
    this.baseVolume = volume;
    this.applyFade();
  }

  /**
   * Plays again after the browser blocked autoplay. Call it from the click handler itself: the
   * click is the user gesture that lets the media play.
   */
  resume(): Promise<void> {
    if (!this.active) return Promise.resolve();
    this.drift.reset(); // far behind after the block: line up again as at a start
    return this.media.play().then(
      () => this.tick(),
      (error: unknown) => this.onPlayRefused(error, this.generation),
    );
  }

  /** Room position (seconds) by the server clock. */
  expectedSeconds(): number {
    return expectedPositionSeconds(
      { duration: this.duration },
      this.endTime,
      this.options.serverNow(),
    );
  }

  /** Compares the media with the room and corrects the drift (runs every second while playing). */
  tick(): void {
    if (!this.active) return;
    const media = this.media;
    const expected = this.expectedSeconds();
    const sample: SyncSample = {
      positionSeconds: media.currentTime,
      expectedSeconds: expected,
      driftMs: null,
      action: 'wait',
      rate: media.playbackRate,
      buffered: bufferedRanges(media.buffered),
      via: this.via,
    };
    const measurable =
      !media.paused && !media.seeking && media.readyState >= CAN_PLAY && expected < this.duration;
    if (measurable) {
      const decision = this.drift.decide(media.currentTime, expected);
      if (decision.kind === 'seek') {
        media.currentTime = Math.min(decision.seekTo, Math.max(0, this.duration - 0.1));
      }
      if (media.playbackRate !== decision.rate) media.playbackRate = decision.rate;
      sample.driftMs = Math.round(decision.drift * 1000);
      this.lead.sample(this.options.serverNow(), sample.driftMs, decision.kind === 'seek');
      sample.action = decision.kind;
      sample.rate = decision.rate;
    }
    this.options.onSample?.(sample);
  }

  // ---- internals -------------------------------------------------------------------------

  private playWithHlsJs(Hls: HlsClass, url: string, generation: number) {
    this.via = 'hls.js';
    const auth = hlsKeyAuth(this.options.token, this.options.origin);
    const hls = new Hls({
      startPosition: this.expectedSeconds(),
      xhrSetup: auth.xhrSetup,
      fetchSetup: auth.fetchSetup,
    });
    this.hls = hls;
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (generation !== this.generation) return;
      if (data?.details === 'keyLoadError' && data.response?.code === 403) {
        this.options.onKeyRefused?.();
      }
      if (!data?.fatal) return;
      this.fail(new Error(`HLS ${data.type ?? 'error'}: ${data.details ?? 'unknown'}`));
    });
    hls.on(Hls.Events.MANIFEST_PARSED, () => {
      if (generation === this.generation) this.startMedia(generation);
    });
    hls.loadSource(url);
    hls.attachMedia(this.media);
  }

  private async playNatively(url: string, generation: number) {
    this.via = 'native';
    const source = await nativeHlsSource(url, {
      token: this.options.token,
      origin: this.options.origin,
      fetch: this.options.fetch ?? ((u, init) => fetch(u, init)),
    });
    if (generation !== this.generation) return;
    const onMetadata = () => {
      this.media.removeEventListener('loadedmetadata', onMetadata);
      if (generation === this.generation) this.startMedia(generation);
    };
    this.media.addEventListener('loadedmetadata', onMetadata);
    this.cleanups.push(() => this.media.removeEventListener('loadedmetadata', onMetadata));
    this.media.src = source;
  }

  private startMedia(generation: number) {
    // SYNC-10: aimed ahead by the time this device's media takes to sound.
    const start = this.endTime - this.duration * 1000;
    const target = Math.max(0, (this.options.serverNow() + this.lead.ms() - start) / 1000);
    if (Math.abs(this.media.currentTime - target) > 0.3) this.media.currentTime = target;
    this.gap.startsAt(this.media.currentTime);
    this.lead.started(this.options.serverNow());
    this.media.play().then(
      () => undefined,
      (error: unknown) => this.onPlayRefused(error, generation),
    );
  }

  private onPlayRefused(error: unknown, generation: number) {
    if (generation !== this.generation || !this.active) return;
    const name = (error as { name?: string } | null)?.name;
    if (name === 'NotAllowedError') this.setStatus('blocked');
    else if (name !== 'AbortError') this.fail(error);
  }

  private fail(error: unknown) {
    this.options.logger?.error('Failed to play song', error);
    this.teardown();
    this.setStatus('error', error);
  }

  private startLoop() {
    if (this.timer !== null) return;
    this.timer = this.timers.setInterval(() => this.tick(), this.options.syncIntervalMs ?? 1000);
    // SYNC-8/11: the fade and the gap meter follow the server clock in 50 ms steps.
    if (this.fadeTimer === null)
      this.fadeTimer = this.timers.setInterval(() => {
        this.applyFade();
        const m = this.media;
        if (this.active && !m.paused) this.gap.position(this.options.serverNow(), m.currentTime);
      }, 50);
  }

  /** SYNC-8: volume × the fade of the song playing at this moment of the server timeline. */
  private applyFade() {
    const seconds = this.options.crossfadeSeconds?.() ?? 0;
    const song = { startTime: this.endTime - this.duration * 1000, endTime: this.endTime };
    const gain = this.active ? fadeGain(this.options.serverNow(), song, seconds) : 1;
    const volume = this.baseVolume * gain;
    if (this.media.volume !== volume) this.media.volume = volume;
  }

  /**
   * SYNC-10: the preloaded deck becomes the one playing, at its place on the server timeline
   * (0 at the start time, later if the switch runs late); the old element is stopped and becomes
   * the spare. The room's playedSong for that song then finds it playing (play() keeps it).
   */
  private switchToNext() {
    const old = this.media;
    const deck = this.next?.take(old);
    if (!deck) return;
    this.clearSwitch();
    this.endDrain();
    // The old song plays out until its endTime (audio past its declared length is cut there).
    const oldHls = this.hls;
    const wasActive = this.active;
    this.hls = null;
    this.teardown(false);
    if (wasActive) {
      this.gap.changed();
      const left = Math.max(0, this.endTime - this.options.serverNow());
      const set = this.timers.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
      this.draining = { media: old, hls: oldHls, timer: set(() => this.endDrain(), left) };
    } else {
      release(old, oldHls, this.options.logger);
    }
    this.media = deck.media;
    this.hls = deck.hls;
    this.url = deck.url;
    this.endTime = deck.endTime;
    this.duration = deck.duration;
    this.via = 'hls.js';
    this.active = true;
    this.drift.reset(false);
    const generation = this.generation;
    deck.hls.on(deck.errorEvent, (_event, data) => {
      if (generation === this.generation && data?.fatal)
        this.fail(new Error(`HLS ${data.type ?? 'error'}: ${data.details ?? 'unknown'}`));
    });
    this.applyFade();
    this.options.onMedia?.(this.media, deck.startTime);
    this.startMedia(generation);
    this.startLoop();
  }

  private clearSwitch() {
    if (this.switchTimer === null) return;
    const clear = this.timers.clearTimeout ?? ((id: unknown) => clearTimeout(id as number));
    clear(this.switchTimer);
    this.switchTimer = null;
  }

  /** SYNC-10: the old song's element is emptied (it ended, or its time is up, or it is needed). */
  private endDrain() {
    const d = this.draining;
    if (!d) return;
    this.draining = null;
    const clear = this.timers.clearTimeout ?? ((id: unknown) => clearTimeout(id as number));
    clear(d.timer);
    this.gap.stopped(this.options.serverNow());
    release(d.media, d.hls, this.options.logger);
  }

  private teardown(releaseMedia = true) {
    this.generation++;
    this.active = false;
    if (this.timer !== null) this.timers.clearInterval(this.timer);
    this.timer = null;
    if (this.fadeTimer !== null) this.timers.clearInterval(this.fadeTimer);
    this.fadeTimer = null;
    this.url = null;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    const hls = this.hls;
    this.hls = null;
    if (releaseMedia) release(this.media, hls, this.options.logger);
  }

  private setStatus(status: MediaStatus, error?: unknown) {
    if (this.status === status && status !== 'error') return;
    this.status = status;
    this.options.onStatus?.(status, error);
  }
}
