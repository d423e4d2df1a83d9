import { randomUUID } from 'node:crypto';
import type { AnalyticsBatchReq, PlayEventPayload, PlayTopic } from '@tt/protocol';

type EventInput = AnalyticsBatchReq['events'][number];

/** A play-tracking payload for `songShortId`, `seconds` into the play. */
export function playPayload(
  overrides: Partial<PlayEventPayload> & { songShortId?: string; seconds?: number } = {},
): PlayEventPayload {
  const { songShortId = 'song-a', seconds = 16, ...rest } = overrides;
  const started = Date.parse('2030-05-01T12:00:00.000Z');
  return {
    playId: randomUUID(),
    roomSlug: 'friday-club',
    roomOwnerUuid: randomUUID(),
    djUuid: randomUUID(),
    songInfo: {
      songShortId,
      trackName: 'Major Chord',
      artistName: 'Test Tones',
      musicProviders: { uploadService: songShortId },
      duration: 180,
    },
    secondsPlayed: seconds,
    volumeStart: 80,
    volumeEnd: 65,
    startedDate: new Date(started).toISOString(),
    updatedDate: new Date(started + seconds * 1000).toISOString(),
    sent15sec: seconds >= 10,
    sent30sec: seconds >= 25,
    deviceData: { platform: 'web' },
    userProvider: 'uploadService',
    subscriptionLevel: null,
    ...rest,
  };
}

/** One play event of `topic`. */
export function playEvent(topic: PlayTopic, payload: PlayEventPayload = playPayload()): EventInput {
  return { topic, payload, occurredAt: payload.updatedDate };
}
