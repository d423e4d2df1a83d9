import type { VideoPlayerStatus, VideoSource } from 'expo-video';

/** The parts of an <audio> element the web export's player uses. */
export interface AudioElementLike {
  currentTime: number;
  playbackRate: number;
  volume: number;
  readonly paused: boolean;
  src: string;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
  addEventListener(type: string, listener: () => void): void;
}

type StatusListener = (payload: { status: VideoPlayerStatus }) => void;

/**
 * The web export's player: one <audio> element (never in the page; audio needs no view) behind
 * the part of expo-video's VideoPlayer that RoomPlayer uses. expo-video's web player sets the
 * element's src two or three times per song (the attribute, load(), the view's next render): each
 * time the element drops the MediaSource it had opened, and Chromium then fails to open it again.
 * Here a source is set exactly once.
 */
export class WebAudioPlayer {
  staysActiveInBackground = false;
  showNowPlayingNotification = false;
  loop = false;
  private _status: VideoPlayerStatus = 'idle';
  private readonly listeners = new Set<StatusListener>();

  constructor(private readonly media: AudioElementLike) {
    const set = (status: VideoPlayerStatus) => () => this.setStatus(status);
    media.addEventListener('loadstart', set('loading'));
    media.addEventListener('waiting', set('loading'));
    media.addEventListener('canplay', set('readyToPlay'));
    media.addEventListener('playing', set('readyToPlay'));
    media.addEventListener('error', set('error'));
  }

  get status(): VideoPlayerStatus {
    return this._status;
  }

  get playing(): boolean {
    return !this.media.paused;
  }

  get currentTime(): number {
    return this.media.currentTime;
  }

  set currentTime(seconds: number) {
    this.media.currentTime = seconds;
  }

  /** LIVE-AUDIO-8: the song's volume (0..1; ducked while someone talks). */
  get volume(): number {
    return this.media.volume;
  }

  set volume(volume: number) {
    this.media.volume = volume;
  }

  get playbackRate(): number {
    return this.media.playbackRate;
  }

  set playbackRate(rate: number) {
    this.media.playbackRate = rate;
  }

  play(): void {
    // Refused (autoplay rules) or interrupted by the next song: the next sync asks again.
    this.media.play().catch(() => undefined);
  }

  pause(): void {
    this.media.pause();
  }

  replace(source: VideoSource): void {
    const uri = typeof source === 'object' && source ? source.uri : null;
    this.media.pause();
    if (uri) {
      this.media.src = uri;
    } else {
      this.media.removeAttribute('src');
      this.media.load();
      this.setStatus('idle');
    }
  }

  async replaceAsync(source: VideoSource): Promise<void> {
    this.replace(source);
  }

  addListener(_event: 'statusChange', listener: StatusListener): { remove: () => void } {
    this.listeners.add(listener);
    return { remove: () => this.listeners.delete(listener) };
  }

  /** Stops and lets the source go (the room screen closed). */
  release(): void {
    this.replace(null);
    this.listeners.clear();
  }

  private setStatus(status: VideoPlayerStatus) {
    if (status === this._status) return;
    this._status = status;
    for (const listener of [...this.listeners]) listener({ status });
  }
}
