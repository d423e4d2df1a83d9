import {
  analyticsBusTopic,
  isPlayTopic,
  type AnalyticsBatchRes,
  type AnalyticsEventDto,
  type AnalyticsEventInput,
  type AnalyticsEventsRes,
  type AnalyticsTopic,
  type SongPlaysRes,
} from '@tt/protocol';
import type { AuthContext } from '../../platform/auth';
import type { Platform } from '../../platform/service';
import { AnalyticsRepository, type AnalyticsFilter } from './repository';
import type { AnalyticsEventRow, NewAnalyticsEventRow } from './schema';

export function toAnalyticsEventDto(row: AnalyticsEventRow): AnalyticsEventDto {
  return {
    id: row.id,
    topic: row.topic,
    userUuid: row.userUuid,
    isGuest: row.isGuest,
    playId: row.playId,
    payload: row.payload,
    occurredAt: row.occurredAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
  };
}

/** The row of one event sent by `auth`: the user is the token's, whatever the body says. */
function toRow(auth: AuthContext, event: AnalyticsEventInput): NewAnalyticsEventRow {
  const row: NewAnalyticsEventRow = {
    topic: event.topic as AnalyticsTopic,
    userUuid: auth.uuid,
    isGuest: auth.isGuest,
    payload: event.payload as Record<string, unknown>,
    occurredAt: new Date(event.occurredAt),
  };
  if (isPlayTopic(event.topic)) {
    const play = event.payload as Extract<
      AnalyticsEventInput,
      { topic: 'userSong15Seconds' }
    >['payload'];
    row.playId = play.playId;
    row.songShortId = play.songInfo.songShortId ?? null;
    row.secondsPlayed = play.secondsPlayed;
  }
  return row;
}

/**
 * Analytics events (ANALYTICS_TOPICS): stored per caller, play events once per (topic, play id),
 * each new one published on the bus as `analytics.<topic>` for whoever counts them.
 */
export class AnalyticsService {
  readonly repo: AnalyticsRepository;

  constructor(private readonly platform: Pick<Platform, 'db' | 'bus' | 'log'>) {
    this.repo = new AnalyticsRepository(platform.db);
  }

  async record(auth: AuthContext, events: AnalyticsEventInput[]): Promise<AnalyticsBatchRes> {
    const created = await this.repo.insertNew(events.map((e) => toRow(auth, e)));
    for (const row of created) {
      const dto = toAnalyticsEventDto(row);
      // Stored already: a bus failure must not make the client send the batch again.
      await this.platform.bus.publish(analyticsBusTopic(dto.topic), dto).catch((err: unknown) => {
        this.platform.log.warn({ err, topic: dto.topic, id: dto.id }, 'analytics publish failed');
      });
    }
    return { stored: created.length, duplicates: events.length - created.length };
  }

  async list(filter: AnalyticsFilter, limit: number, offset: number): Promise<AnalyticsEventsRes> {
    const { total, rows } = await this.repo.list(filter, limit, offset);
    return { total, events: rows.map(toAnalyticsEventDto) };
  }

  async songPlays(songShortId: string, since?: Date): Promise<SongPlaysRes> {
    return { songShortId, ...(await this.repo.songPlays(songShortId, since)) };
  }
}
