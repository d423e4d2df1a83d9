import type { Platform } from '../platform/service';
import { eventIdOf } from '../platform/outbox/outbox';
import type { SongPlay } from './playback';
import type { StarChange } from './room-actions';

/**
 * What the rooms announce as work through the outbox (plays, stage and live notices, stars), and
 * every write the runtime has in flight, so a shutdown waits for them.
 */
export class RoomAnnouncements {
  /** Writes in flight: a shutdown waits for them all (RoomRuntime.close). */
  readonly pending = new Set<Promise<unknown>>();
  /** The last star each listener announced, written or being written (star). */
  private readonly starsWritten = new Map<string, Promise<void>>();

  constructor(private readonly platform: Platform) {}

  /**
   * PTS-DJ-1: a finished song goes to the points service (one event per play, WORK-OUTBOX-3);
   * resolves once it is written (RR-TIMER-4), or failed and was logged.
   */
  play({ startTime, ...play }: SongPlay): Promise<void> {
    const eventId = eventIdOf(`play:${play.roomUuid}:${startTime}`);
    const written = this.platform.outbox
      .emit('room.songPlayed', { ...play, endedAt: new Date().toISOString() }, eventId)
      .then(
        () => undefined,
        (err: unknown) => this.platform.log.warn({ err }, 'announcing a play failed'),
      );
    this.track(written);
    return written;
  }

  /**
   * NOTIFY-DJ-1, NOTIFY-ROOM-1: a DJ took the stage, or a room went live; the notification
   * service tells fans and regulars (work delivery, so once across processes).
   */
  work(topic: 'room.djTookStage' | 'room.wentLive', roomUuid: string, djUuid: string): void {
    const at = new Date().toISOString();
    this.track(
      this.platform.outbox
        .emit(topic, { roomUuid, djUuid, at })
        .catch((err: unknown) => this.platform.log.warn({ err, topic }, 'announcing failed')),
    );
  }

  /**
   * A star given or taken back goes out as `room.songStarred` work (the playlist service keeps the
   * starred list). One listener's stars are written one after the other, so their order in the
   * outbox is the order given (WORK-ORDER-1 delivers them in it).
   */
  star(roomUuid: string, userUuid: string, change: StarChange): void {
    const star = { roomUuid, userUuid, song: change.song, starred: change.starred };
    const written = (this.starsWritten.get(userUuid) ?? Promise.resolve())
      .then(() => this.platform.outbox.emit('room.songStarred', star))
      .then(
        () => undefined,
        (err: unknown) =>
          this.platform.log.warn({ err, roomUuid, userUuid }, 'could not announce a star'),
      );
    this.starsWritten.set(userUuid, written);
    void written.then(() => {
      if (this.starsWritten.get(userUuid) === written) this.starsWritten.delete(userUuid);
    });
    this.track(written);
  }

  track(p: Promise<unknown>): void {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }
}
