import type { PlayerLogger } from './engine';
import type { HlsClass, HlsInstance, MediaLike } from './hls-types';
import { hlsKeyAuth } from './hls-auth';

/** SYNC-9: what to preload: the predicted next song's playlist and where it sits on the timeline. */
export interface PreloadRequest {
  url: string;
  /** Server clock ms: where the server will start it (SYNC-7: the song now playing's endTime). */
  startTime: number;
  endTime: number;
  /** Seconds. */
  duration: number;
}

/** A loaded next song: its own hls.js instance feeding the spare media element, paused at 0. */
export interface LoadedDeck extends PreloadRequest {
  hls: HlsInstance;
  media: MediaLike;
  /** hls.js's error event name (Hls.Events.ERROR). */
  errorEvent: string;
}

/**
 * SYNC-9: the second deck. A second hls.js instance loads the next song's playlist, key and first
 * segments into the spare <audio> element (paused at 0) while the current song plays, so that
 * the switch (SYNC-10) only has to call play(). Native HLS (Safari without MediaSource) is not
 * preloaded: it plays the next song the usual way when the room says so.
 */
export class NextDeck {
  private deck: LoadedDeck | null = null;
  private wanted: PreloadRequest | null = null;

  constructor(
    private spare: MediaLike,
    private readonly options: {
      loadHls: () => Promise<HlsClass | null>;
      token: () => string | null;
      origin: string;
      logger?: PlayerLogger;
      /** Called before the spare is used: an old song still draining in it is cut. */
      claim?: () => void;
    },
  ) {}

  /** The preloaded song (null while none or still loading hls.js). */
  loaded(): LoadedDeck | null {
    return this.deck;
  }

  /** Starts loading `request` (a different one than before replaces it). */
  async load(request: PreloadRequest): Promise<void> {
    const w = this.wanted;
    if (w && w.url === request.url && w.startTime === request.startTime) return;
    this.drop();
    this.wanted = request;
    const Hls = await this.options.loadHls().catch(() => null);
    if (this.wanted !== request || !Hls?.isSupported()) return;
    this.options.claim?.();
    const auth = hlsKeyAuth(this.options.token, this.options.origin);
    const hls = new Hls({
      startPosition: 0,
      xhrSetup: auth.xhrSetup,
      fetchSetup: auth.fetchSetup,
    });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data?.fatal && this.deck?.hls === hls) {
        this.options.logger?.error('Failed to preload song', data.details);
        this.drop();
      }
    });
    hls.loadSource(request.url);
    hls.attachMedia(this.spare);
    this.deck = { ...request, hls, media: this.spare, errorEvent: Hls.Events.ERROR };
  }

  /**
   * The deck is taken to play (SYNC-10): it forgets it, and the element the old song played in
   * becomes the spare for the song after.
   */
  take(oldMedia: MediaLike): LoadedDeck | null {
    const deck = this.deck;
    if (!deck) return null;
    this.deck = null;
    this.wanted = null;
    this.spare = oldMedia;
    return deck;
  }

  /** Forgets the preloaded song and empties the spare element. */
  drop(): void {
    this.wanted = null;
    const deck = this.deck;
    this.deck = null;
    if (deck) release(deck.media, deck.hls, this.options.logger);
  }
}

/**
 * SYNC-10: how long (ms) this device's media takes from play() to sounding, learnt at each start:
 * about 1.5 s after it, half the drift measured then moves the lead (0..150 ms); a seek in between
 * or a drift past 200 ms (a stall) teaches nothing.
 * The switch calls play() this much before the start time so that the song sounds on it.
 */
export class StartLead {
  private probeAt: number | null = null;
  constructor(
    private lead = 0,
    private readonly max = 150,
  ) {}

  ms(): number {
    return this.lead;
  }

  /** A song started (server ms): measure it once it has played a while. */
  started(serverNow: number): void {
    this.probeAt = serverNow + 1500;
  }

  /** A sync sample: the drift (ms, media − room) and whether the corrector seeked. */
  sample(serverNow: number, driftMs: number, seeked: boolean): void {
    if (this.probeAt === null) return;
    if (seeked) {
      this.probeAt = null;
      return;
    }
    if (serverNow < this.probeAt) return;
    this.probeAt = null;
    if (Math.abs(driftMs) > 200) return; // a stall, not the start: not learnt from
    // Half a step at a time: one start's reading is noisy.
    this.lead = Math.min(this.max, Math.max(0, Math.round(this.lead - driftMs / 2)));
  }
}

/**
 * SYNC-11: the silence at a song change, by the media clocks: from when the old song's audio
 * stopped (its `ended`, or the moment it was cut) to when the new one began to sound (server time
 * minus how far it has played from where it was started, the earliest of its readings from 0.3 s
 * to 1 s of play). Negative: they overlapped. Measured only at a change.
 */
export class GapMeter {
  private stoppedAt: number | null = null;
  private startedAt: number | null = null;
  private awaiting = false;
  private first: number | null = null;
  /** Where (s) the new song was started from (later than 0 when the switch or a join ran late). */
  private base = 0;

  constructor(private readonly report: (ms: number) => void) {}

  /** The old song's audio stopped (server ms); only the first stop counts. */
  stopped(serverNow: number): void {
    this.stoppedAt ??= serverNow;
    this.flush();
  }

  /** Something was playing or had just ended: a stop is known or expected. */
  pending(): boolean {
    return this.stoppedAt !== null;
  }

  /** A new song replaces one that played: its start is measured. */
  changed(): void {
    this.awaiting = true;
    this.startedAt = null;
    this.first = null;
    this.base = 0;
  }

  /** The new song is started from `seconds` into it. */
  startsAt(seconds: number): void {
    if (this.awaiting) this.base = seconds;
  }

  /**
   * The playing media's position (s) at `serverNow`. Readings from 0.3 s to 1 s into the song each
   * say where its 0 sounded; the earliest counts (a media element's clock is unsteady in its first
   * moments, and a stall only makes a reading later; a nudge of at most 3 % moves one by < 30 ms).
   */
  position(serverNow: number, positionSeconds: number): void {
    const played = positionSeconds - this.base;
    if (!this.awaiting || played < 0.3) return;
    const at = serverNow - played * 1000;
    this.first = Math.min(this.first ?? at, at);
    if (played < 1) return;
    this.awaiting = false;
    this.startedAt = this.first;
    this.first = null;
    this.flush();
  }

  reset(): void {
    this.stoppedAt = null;
    this.startedAt = null;
    this.awaiting = false;
    this.first = null;
  }

  private flush(): void {
    if (this.stoppedAt === null || this.startedAt === null) return;
    this.report(Math.round(this.startedAt - this.stoppedAt));
    this.reset();
  }
}

/** Empties a media element and its hls.js instance. */
export function release(
  media: MediaLike,
  hls: HlsInstance | null,
  logger: PlayerLogger | undefined,
): void {
  try {
    hls?.destroy();
  } catch (error) {
    logger?.error('Failed to stop song', error);
  }
  media.pause();
  media.playbackRate = 1;
  if (media.src) {
    media.removeAttribute('src');
    media.load();
  }
}
