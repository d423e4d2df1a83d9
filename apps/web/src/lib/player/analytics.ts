import type { PlayEvent, PlayEventSink, PlayTopic } from './tracking';

/** One play event as kept for the drift overlay. */
export interface LoggedPlayEvent {
  topic: PlayTopic;
  playId: string;
  trackName: string;
  secondsPlayed: number;
  roomSlug: string;
  /** When it was sent (local clock, ms). */
  at: number;
}

/**
 * Where play events go (analytics topics userSong15Seconds, userSong30Seconds,
 * userSongTotalPlayed). The platform has no analytics endpoint (the spec's audit /kinesis call has
 * no service here), so events are written to the console at debug level and the latest are kept
 * in memory for the sync overlay. A sink for a real endpoint plugs in through `forward`.
 */
export class PlayEventLog {
  private readonly entries: LoggedPlayEvent[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly options: {
      limit?: number;
      clock?: () => number;
      console?: Pick<Console, 'debug'> | null;
      forward?: PlayEventSink;
    } = {},
  ) {}

  /** The sink to hand to the PlayTracker. */
  readonly sink: PlayEventSink = (topic: PlayTopic, event: PlayEvent) => {
    const entry: LoggedPlayEvent = {
      topic,
      playId: event.playId,
      trackName: event.songInfo.trackName,
      secondsPlayed: Math.round(event.secondsPlayed * 10) / 10,
      roomSlug: event.roomSlug,
      at: (this.options.clock ?? Date.now)(),
    };
    this.entries.unshift(entry);
    this.entries.length = Math.min(this.entries.length, this.options.limit ?? 20);
    const out = this.options.console === undefined ? console : this.options.console;
    out?.debug(`[analytics] ${topic}`, event);
    for (const listener of [...this.listeners]) listener();
    return this.options.forward?.(topic, event);
  };

  /** Newest first. */
  list(): readonly LoggedPlayEvent[] {
    return this.entries;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
