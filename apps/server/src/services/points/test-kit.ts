import { randomUUID } from 'node:crypto';
import type { DomainEvents } from '../../platform/events';
import { eventIdOf } from '../../platform/outbox/outbox';
import type { TestServer } from '../../../test/harness';

/** A play as the realtime layer announces it (one event per play, WORK-OUTBOX-3), for tests. */
export async function announcePlay(
  s: TestServer,
  play: Partial<DomainEvents['room.songPlayed']> & { djUuid: string },
  name: string = randomUUID(),
) {
  await s.app.platform.outbox.emit(
    'room.songPlayed',
    {
      roomUuid: randomUUID(),
      songId: 'abc123',
      playedSeconds: 200,
      likers: [],
      starrers: [],
      listeners: [],
      endedAt: new Date().toISOString(),
      ...play,
    },
    eventIdOf(`play:${name}`),
  );
}
