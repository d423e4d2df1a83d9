import type { MinimalSongDto } from '@tt/protocol';
import type { KeyValueStorage, PlayerLogger } from './engine';

/** Analytics topics of play tracking. */
export const PlayTopics = {
  seconds15: 'userSong15Seconds',
  seconds30: 'userSong30Seconds',
  total: 'userSongTotalPlayed',
} as const;
export type PlayTopic = (typeof PlayTopics)[keyof typeof PlayTopics];

/** Play-event windows, in seconds played (inclusive). */
export const WINDOW_15S = { from: 10, to: 20 } as const;
export const WINDOW_30S = { from: 25, to: 35 } as const;

/** The play-tracking record. Dates are epoch milliseconds. */
export interface PlayTrackingRecord {
  roomSlug: string;
  roomOwnerUuid: string | null;
  djUuid: string | null;
  songInfo: MinimalSongDto;
  startedDate: number;
  updatedDate: number;
  volumeStart: number;
  volumeEnd: number;
  playId: string;
  sent15sec: boolean;
  sent30sec: boolean;
  deviceData: Record<string, unknown>;
  userProvider: string | null;
  subscriptionLevel: string | null;
}

export interface PlayEvent extends PlayTrackingRecord {
  /** Seconds played: updatedDate − startedDate. */
  secondsPlayed: number;
}

export type PlayEventSink = (topic: PlayTopic, event: PlayEvent) => void | Promise<void>;

export interface PlayStart {
  roomSlug: string;
  roomOwnerUuid?: string | null;
  djUuid?: string | null;
  song: MinimalSongDto;
  volume: number;
  deviceData?: Record<string, unknown>;
  userProvider?: string | null;
  subscriptionLevel?: string | null;
}

export interface PlayUpdate {
  roomSlug: string;
  song: MinimalSongDto;
}

export interface PlayTrackerOptions {
  sink: PlayEventSink;
  /** Where the current record is kept, so a record left by a closed page is flushed by the next start. */
  storage?: KeyValueStorage;
  storageKey?: string;
  clock?: () => number;
  newId?: () => string;
  logger?: PlayerLogger;
}

export const TRACKING_STORAGE_KEY = 'tt.player.playTracking';

/** Two songs are "the same" for tracking when these fields agree. */
export function sameSong(a: MinimalSongDto, b: MinimalSongDto): boolean {
  if (a.songShortId && b.songShortId) return a.songShortId === b.songShortId;
  return (
    a.trackName === b.trackName &&
    a.artistName === b.artistName &&
    a.duration === b.duration &&
    (a.isrc ?? null) === (b.isrc ?? null)
  );
}

/** Play tracking: start / continue / end, 15 s and 30 s events once, total on flush. */
export class PlayTracker {
  private readonly sink: PlayEventSink;
  private readonly storage?: KeyValueStorage;
  private readonly key: string;
  private readonly clock: () => number;
  private readonly newId: () => string;
  private readonly logger: PlayerLogger;
  private memory: PlayTrackingRecord | null = null;

  constructor(options: PlayTrackerOptions) {
    this.sink = options.sink;
    this.storage = options.storage;
    this.key = options.storageKey ?? TRACKING_STORAGE_KEY;
    this.clock = options.clock ?? Date.now;
    this.newId = options.newId ?? (() => globalThis.crypto.randomUUID());
    this.logger = options.logger ?? { error: (message, error) => console.error(message, error) };
  }

  /** The stored record, if any. */
  record(): PlayTrackingRecord | null {
    if (!this.storage) return this.memory;
    const raw = this.storage.getItem(this.key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as PlayTrackingRecord;
    } catch {
      return null;
    }
  }

  /** Replaces any stored record (flushing the old one's total) with a new one. */
  start(input: PlayStart): PlayTrackingRecord {
    const previous = this.record();
    if (previous) this.flush(previous);
    const now = this.clock();
    const record: PlayTrackingRecord = {
      roomSlug: input.roomSlug,
      roomOwnerUuid: input.roomOwnerUuid ?? null,
      djUuid: input.djUuid ?? null,
      songInfo: input.song,
      startedDate: now,
      updatedDate: now,
      volumeStart: input.volume,
      volumeEnd: input.volume,
      playId: this.newId(),
      sent15sec: false,
      sent30sec: false,
      deviceData: input.deviceData ?? {},
      userProvider: input.userProvider ?? null,
      subscriptionLevel: input.subscriptionLevel ?? null,
    };
    this.save(record);
    return record;
  }

  /** Updates time and volume; sends the 15 s / 30 s events once inside their windows. */
  continue(update: PlayUpdate & { volume: number }): void {
    const record = this.matching(update);
    if (!record) return;
    record.updatedDate = this.clock();
    record.volumeEnd = update.volume;
    const played = secondsPlayed(record);
    if (!record.sent15sec && played >= WINDOW_15S.from && played <= WINDOW_15S.to) {
      record.sent15sec = true;
      this.send(PlayTopics.seconds15, record);
    }
    if (!record.sent30sec && played >= WINDOW_30S.from && played <= WINDOW_30S.to) {
      record.sent30sec = true;
      this.send(PlayTopics.seconds30, record);
    }
    this.save(record);
  }

  /** Flushes the total played and clears the record. */
  end(update: PlayUpdate & { volume?: number }): void {
    const record = this.matching(update);
    if (!record) return;
    record.updatedDate = this.clock();
    if (update.volume !== undefined) record.volumeEnd = update.volume;
    this.flush(record);
    this.save(null);
  }

  private matching(update: PlayUpdate): PlayTrackingRecord | null {
    const record = this.record();
    if (!record) return null;
    if (record.roomSlug !== update.roomSlug || !sameSong(record.songInfo, update.song)) return null;
    return record;
  }

  private flush(record: PlayTrackingRecord): void {
    if (secondsPlayed(record) <= 0) return;
    this.send(PlayTopics.total, record);
  }

  private send(topic: PlayTopic, record: PlayTrackingRecord): void {
    const event: PlayEvent = { ...record, secondsPlayed: secondsPlayed(record) };
    try {
      const result = this.sink(topic, event);
      if (result instanceof Promise)
        result.catch((error) => this.logger.error('Failed to send play event', error));
    } catch (error) {
      this.logger.error('Failed to send play event', error);
    }
  }

  private save(record: PlayTrackingRecord | null): void {
    this.memory = record;
    if (!this.storage) return;
    if (record) this.storage.setItem(this.key, JSON.stringify(record));
    else this.storage.setItem(this.key, '');
  }
}

export function secondsPlayed(record: PlayTrackingRecord): number {
  return Math.max(0, (record.updatedDate - record.startedDate) / 1000);
}
