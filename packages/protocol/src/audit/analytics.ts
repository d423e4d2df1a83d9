import { z } from 'zod';
import { endpoint } from '../contract';
import { SongProvider } from '../room/dto';

const S = 'audit' as const;

/** Analytics topics the apps send. */
export const ANALYTICS_TOPICS = [
  'roomStartTime',
  'onboardingSteps',
  'chatMessage',
  'chatMessageReaction',
  'roomCreationStartTime',
  'roomCreationRoomServiceResponse',
  'userSongTotalPlayed',
  'userSong15Seconds',
  'userSong30Seconds',
  'tokenChange',
] as const;
export const AnalyticsTopic = z.enum(ANALYTICS_TOPICS);
export type AnalyticsTopic = z.infer<typeof AnalyticsTopic>;

/** The play-tracking topics: their payload is a play-tracking record. */
export const PLAY_TOPICS = [
  'userSong15Seconds',
  'userSong30Seconds',
  'userSongTotalPlayed',
] as const;
export type PlayTopic = (typeof PLAY_TOPICS)[number];
export const isPlayTopic = (topic: string): topic is PlayTopic =>
  (PLAY_TOPICS as readonly string[]).includes(topic);

/** Every other topic: a free-form payload. */
export const OtherAnalyticsTopic = AnalyticsTopic.exclude([...PLAY_TOPICS]);

/** Events per POST /analytics/events. */
export const MAX_ANALYTICS_BATCH = 50;
/** A free-form payload (and deviceData): at most this many keys and characters of JSON. */
export const MAX_ANALYTICS_KEYS = 50;
export const MAX_ANALYTICS_JSON = 4096;

/** A bounded JSON object: keys ≤ 64 characters, ≤ 50 keys, ≤ 4096 characters once serialised. */
const boundedObject = () =>
  z
    .record(z.string().max(64), z.unknown())
    .refine((v) => Object.keys(v).length <= MAX_ANALYTICS_KEYS, {
      message: `must have at most ${MAX_ANALYTICS_KEYS} keys`,
    })
    .refine((v) => JSON.stringify(v).length <= MAX_ANALYTICS_JSON, {
      message: `must be at most ${MAX_ANALYTICS_JSON} characters of JSON`,
    });

const isoDate = z.iso.datetime({ offset: true });
const volume = z.number().min(0).max(100);

/** The song of a play, as much as the analytics need. */
export const PlaySongInfo = z.object({
  songShortId: z.string().trim().min(1).max(100).optional(),
  trackName: z.string().max(500),
  artistName: z.string().max(500),
  musicProviders: z.partialRecord(SongProvider, z.string().max(2000)).optional(),
  /** Seconds. */
  duration: z
    .number()
    .positive()
    .max(24 * 3600),
});
export type PlaySongInfo = z.infer<typeof PlaySongInfo>;

/**
 * The payload of a play topic: the play-tracking record at the moment of the event,
 * with the seconds played so far. Volumes are percentages; dates ISO 8601.
 */
export const PlayEventPayload = z
  .object({
    playId: z.uuid(),
    roomSlug: z.string().trim().min(1).max(100),
    roomOwnerUuid: z.uuid().nullable().optional(),
    djUuid: z.uuid().nullable(),
    songInfo: PlaySongInfo,
    secondsPlayed: z
      .number()
      .min(0)
      .max(24 * 3600),
    volumeStart: volume,
    volumeEnd: volume,
    startedDate: isoDate,
    updatedDate: isoDate,
    sent15sec: z.boolean().optional(),
    sent30sec: z.boolean().optional(),
    deviceData: boundedObject().optional(),
    userProvider: z.string().max(50).nullable().optional(),
    subscriptionLevel: z.string().max(50).nullable().optional(),
  })
  .refine((p) => Date.parse(p.updatedDate) >= Date.parse(p.startedDate), {
    path: ['updatedDate'],
    message: 'must not be before startedDate',
  });
export type PlayEventPayload = z.infer<typeof PlayEventPayload>;

const occurredAt = isoDate;
const playEvent = <T extends PlayTopic>(topic: T) =>
  z.object({ topic: z.literal(topic), payload: PlayEventPayload, occurredAt });

/** One analytics event as a client sends it; the server adds who sent it. */
export const AnalyticsEventInput = z.discriminatedUnion('topic', [
  playEvent('userSong15Seconds'),
  playEvent('userSong30Seconds'),
  playEvent('userSongTotalPlayed'),
  z.object({
    topic: OtherAnalyticsTopic,
    payload: boundedObject(),
    occurredAt,
  }),
]);
export type AnalyticsEventInput = z.infer<typeof AnalyticsEventInput>;

/**
 * POST /kinesis: one `{topic, record}` as the apps send it to the analytics
 * stream; recorded like one event of a batch, at the time it arrives.
 */
const kinesisPlay = <T extends PlayTopic>(topic: T) =>
  z.object({ topic: z.literal(topic), record: PlayEventPayload });
export const KinesisReq = z.discriminatedUnion('topic', [
  kinesisPlay('userSong15Seconds'),
  kinesisPlay('userSong30Seconds'),
  kinesisPlay('userSongTotalPlayed'),
  z.object({ topic: OtherAnalyticsTopic, record: boundedObject() }),
]);
export type KinesisReq = z.infer<typeof KinesisReq>;

export const AnalyticsBatchReq = z.object({
  events: z.array(AnalyticsEventInput).min(1).max(MAX_ANALYTICS_BATCH),
});
export type AnalyticsBatchReq = z.input<typeof AnalyticsBatchReq>;

/** `stored`: new events; `duplicates`: play events already recorded (a retried batch). */
export const AnalyticsBatchRes = z.object({
  stored: z.number().int(),
  duplicates: z.number().int(),
});
export type AnalyticsBatchRes = z.infer<typeof AnalyticsBatchRes>;

/** One stored event, as admins read it and as the bus carries it (`analytics.<topic>`). */
export const AnalyticsEventDto = z.object({
  id: z.number().int(),
  topic: AnalyticsTopic,
  userUuid: z.string(),
  isGuest: z.boolean(),
  playId: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  occurredAt: z.string(),
  receivedAt: z.string(),
});
export type AnalyticsEventDto = z.infer<typeof AnalyticsEventDto>;

export const AnalyticsEventsQuery = z.object({
  topic: AnalyticsTopic.optional(),
  userUuid: z.uuid().optional(),
  /** Events that occurred at or after this instant. */
  since: isoDate.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const AnalyticsEventsRes = z.object({
  total: z.number().int(),
  events: z.array(AnalyticsEventDto),
});
export type AnalyticsEventsRes = z.infer<typeof AnalyticsEventsRes>;

export const SongPlaysParams = z.object({ songShortId: z.string().trim().min(1).max(100) });
export const SongPlaysQuery = z.object({ since: isoDate.optional() });
/** Plays of one song: how many 15 s and 30 s events, how many totals and their seconds. */
export const SongPlaysRes = z.object({
  songShortId: z.string(),
  userSong15Seconds: z.number().int(),
  userSong30Seconds: z.number().int(),
  userSongTotalPlayed: z.number().int(),
  secondsPlayed: z.number(),
  listeners: z.number().int(),
});
export type SongPlaysRes = z.infer<typeof SongPlaysRes>;

/** The bus topic an analytics event is published on. */
export const analyticsBusTopic = (topic: AnalyticsTopic) => `analytics.${topic}` as const;

/** Audit service: analytics events (play tracking and the other topics). */
export const analyticsEndpoints = {
  record: endpoint({
    service: S,
    method: 'POST',
    path: '/analytics/events',
    auth: 'authenticated',
    summary: `Records a batch of 1–${MAX_ANALYTICS_BATCH} analytics events ({topic, payload, occurredAt}) for the caller (guests included; the user is the token's). Play topics (userSong15Seconds, userSong30Seconds, userSongTotalPlayed) carry the play-tracking record and count once per (topic, playId). Each new event is published as analytics.<topic>`,
    body: AnalyticsBatchReq,
    response: AnalyticsBatchRes,
    rateLimitPerMinute: 120,
  }),
  kinesis: endpoint({
    service: S,
    method: 'POST',
    path: '/kinesis',
    auth: 'authenticated',
    summary:
      'Records one analytics event ({topic, record}) as the apps send it to the analytics stream; same rules as POST /analytics/events (play topics count once per playId)',
    body: KinesisReq,
    response: AnalyticsBatchRes,
    rateLimitPerMinute: 120,
  }),
  list: endpoint({
    service: S,
    method: 'GET',
    path: '/analytics/events',
    auth: 'analytics.read',
    summary:
      'Analytics events, newest first, optionally of one topic, one user, since an instant (limit ≤ 100, offset). Admin and staff',
    query: AnalyticsEventsQuery,
    response: AnalyticsEventsRes,
  }),
  songPlays: endpoint({
    service: S,
    method: 'GET',
    path: '/analytics/songs/{songShortId}/plays',
    auth: 'analytics.read',
    summary:
      "A song's plays: counts of userSong15Seconds, userSong30Seconds and userSongTotalPlayed events, the seconds played in total and the distinct listeners (optionally since an instant). Admin and staff",
    params: SongPlaysParams,
    query: SongPlaysQuery,
    response: SongPlaysRes,
  }),
};
