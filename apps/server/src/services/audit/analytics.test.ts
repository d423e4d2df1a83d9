import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsEndpoints as e,
  authEndpoints,
  MAX_ANALYTICS_BATCH,
  PLAY_TOPICS,
  type AnalyticsEventDto,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { playEvent, playPayload } from './testing';

type User = Awaited<ReturnType<TestServer['createUser']>>;

const MISSING = 'Missing bearer token';
const GUEST = 'Guests cannot perform this action, please log in';
const ROLE = 'You do not have the role this action needs';

let s: TestServer;
let listener: User;
let admin: User;
let staff: User;
let moderator: User;
let guest: string;

beforeAll(async () => {
  s = await startTestServer();
  listener = await s.createUser();
  admin = await s.createUser({ roles: ['user', 'admin'] });
  staff = await s.createUser({ roles: ['user', 'staff'] });
  moderator = await s.createUser({ roles: ['user', 'moderator'] });
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
});
afterAll(() => s.close());

const record = (token: string | null, events: unknown[]) =>
  s.as(token).call(e.record, { body: { events } as never });

/** Expects a 400 whose body is exactly `{ statusCode, error, message }` with these messages. */
async function expectInvalid(promise: Promise<unknown>, ...messages: string[]) {
  const body = await expectError(promise, 400, messages[0]);
  expect(body).toEqual({
    statusCode: 400,
    error: 'Bad Request',
    message: messages,
    code: 'VALIDATION',
  });
}

/** Collects what the bus carries on `analytics.<topic>`, in order. */
async function busListener(topic: string) {
  const seen: AnalyticsEventDto[] = [];
  let wake: (() => void) | null = null;
  const stop = await s.app.platform.bus.subscribe(`analytics.${topic}`, (m) => {
    seen.push(m);
    wake?.();
  });
  return {
    seen,
    stop,
    /** Resolves once `n` messages have arrived. */
    async until(n: number) {
      while (seen.length < n) await new Promise<void>((r) => (wake = r));
    },
  };
}

describe('POST /analytics/events', () => {
  it.each(PLAY_TOPICS)('stores a %s event for the caller', async (topic) => {
    const payload = playPayload({ songShortId: `one-${topic}` });
    // A user uuid in the body is not who sent it: the token says.
    const event = { ...playEvent(topic, payload), userUuid: admin.uuid };
    await expect(record(listener.token, [event])).resolves.toEqual({ stored: 1, duplicates: 0 });

    const page = await s
      .as(admin.token)
      .call(e.list, { query: { topic, userUuid: listener.uuid } });
    const stored = page.events.find((x) => x.playId === payload.playId);
    expect(stored).toMatchObject({
      topic,
      userUuid: listener.uuid,
      isGuest: false,
      playId: payload.playId,
      occurredAt: payload.updatedDate,
      payload: {
        roomSlug: 'friday-club',
        djUuid: payload.djUuid,
        secondsPlayed: 16,
        volumeStart: 80,
        volumeEnd: 65,
        songInfo: { songShortId: `one-${topic}`, trackName: 'Major Chord', duration: 180 },
      },
    });
    expect(stored!.payload).not.toHaveProperty('userUuid');
    const admins = await s.as(admin.token).call(e.list, { query: { userUuid: admin.uuid } });
    expect(admins.total).toBe(0);
  });

  it('stores the other topics with their free-form payload', async () => {
    const occurredAt = '2030-05-02T08:00:00.000Z';
    const res = await record(listener.token, [
      { topic: 'chatMessage', payload: { roomSlug: 'friday-club', length: 12 }, occurredAt },
      { topic: 'onboardingSteps', payload: { step: 'avatar', done: true }, occurredAt },
    ]);
    expect(res).toEqual({ stored: 2, duplicates: 0 });
    const page = await s.as(staff.token).call(e.list, {
      query: { topic: 'onboardingSteps', userUuid: listener.uuid },
    });
    expect(page.events).toEqual([
      expect.objectContaining({
        payload: { step: 'avatar', done: true },
        playId: null,
        occurredAt,
      }),
    ]);
  });

  it('counts a guest’s plays too', async () => {
    const payload = playPayload({ songShortId: `guest-${randomUUID()}`, seconds: 12 });
    await expect(record(guest, [playEvent('userSong15Seconds', payload)])).resolves.toEqual({
      stored: 1,
      duplicates: 0,
    });
    const page = await s.as(admin.token).call(e.list, { query: { topic: 'userSong15Seconds' } });
    const stored = page.events.find((x) => x.playId === payload.playId)!;
    expect(stored.isGuest).toBe(true);
    expect(stored.userUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.userUuid).not.toBe(listener.uuid);
  });

  it('refuses a caller without a token', async () => {
    await expectError(record(null, [playEvent('userSong15Seconds')]), 401, MISSING);
  });

  it('counts a play event once per (topic, play id): a retried batch adds nothing', async () => {
    const song = `retry-${randomUUID()}`;
    const p = playPayload({ songShortId: song, seconds: 31 });
    const batch = [
      playEvent('userSong15Seconds', { ...p, secondsPlayed: 12 }),
      playEvent('userSong30Seconds', p),
      playEvent('userSongTotalPlayed', p),
    ];
    await expect(record(listener.token, batch)).resolves.toEqual({ stored: 3, duplicates: 0 });
    await expect(record(listener.token, batch)).resolves.toEqual({ stored: 0, duplicates: 3 });
    // The same event twice in one batch counts once as well.
    const again = playEvent('userSongTotalPlayed', playPayload({ songShortId: song, seconds: 40 }));
    await expect(record(listener.token, [again, again])).resolves.toEqual({
      stored: 1,
      duplicates: 1,
    });
    const plays = await s.as(admin.token).call(e.songPlays, { params: { songShortId: song } });
    expect(plays).toEqual({
      songShortId: song,
      userSong15Seconds: 1,
      userSong30Seconds: 1,
      userSongTotalPlayed: 2,
      secondsPlayed: 71,
      listeners: 1,
    });
  });

  it('publishes each new event as analytics.<topic>, and a retried one not again', async () => {
    const bus = await busListener('userSong15Seconds');
    try {
      const first = playEvent('userSong15Seconds', playPayload({ songShortId: 'bus-song' }));
      await record(listener.token, [first]);
      await record(listener.token, [first]);
      const second = playEvent('userSong15Seconds', playPayload({ songShortId: 'bus-song' }));
      await record(guest, [second]);
      await bus.until(2);
      expect(bus.seen.map((m) => m.playId)).toEqual([first.payload.playId, second.payload.playId]);
      expect(bus.seen[0]).toMatchObject({
        topic: 'userSong15Seconds',
        userUuid: listener.uuid,
        isGuest: false,
        payload: { songInfo: { songShortId: 'bus-song' } },
      });
      expect(bus.seen[1].isGuest).toBe(true);
    } finally {
      await bus.stop();
    }
  });

  describe('bad input', () => {
    it('refuses an empty or oversized batch', async () => {
      await expectInvalid(
        record(listener.token, []),
        'events: Too small: expected array to have >=1 items',
      );
      const many = Array.from({ length: MAX_ANALYTICS_BATCH + 1 }, () =>
        playEvent('userSongTotalPlayed'),
      );
      await expectInvalid(
        record(listener.token, many),
        'events: Too big: expected array to have <=50 items',
      );
      await expectInvalid(
        s.as(listener.token).call(e.record, { body: {} as never }),
        'events: Invalid input: expected array, received undefined',
      );
    });

    it('refuses an unknown topic', async () => {
      await expectInvalid(
        record(listener.token, [
          { topic: 'songSkipped', payload: {}, occurredAt: '2030-01-01T00:00:00Z' },
        ]),
        "events.0.topic: Invalid discriminator value. Expected 'userSong15Seconds' | 'userSong30Seconds' | 'userSongTotalPlayed' | 'roomStartTime' | 'onboardingSteps' | 'chatMessage' | 'chatMessageReaction' | 'roomCreationStartTime' | 'roomCreationRoomServiceResponse' | 'tokenChange'",
      );
    });

    it('checks the play-tracking record of a play topic', async () => {
      const good = playPayload();
      await expectInvalid(
        record(listener.token, [
          playEvent('userSong30Seconds', {
            ...good,
            playId: 'play-1',
            volumeEnd: 150,
            secondsPlayed: -1,
            songInfo: { ...good.songInfo, trackName: undefined as never },
          }),
        ]),
        'events.0.payload.playId: Invalid UUID',
        'events.0.payload.songInfo.trackName: Invalid input: expected string, received undefined',
        'events.0.payload.secondsPlayed: Too small: expected number to be >=0',
        'events.0.payload.volumeEnd: Too big: expected number to be <=100',
      );
      await expectInvalid(
        record(listener.token, [
          playEvent('userSongTotalPlayed', { ...good, updatedDate: '2030-05-01T11:59:00.000Z' }),
          { ...playEvent('userSong15Seconds'), occurredAt: 'yesterday' },
        ]),
        'events.0.payload.updatedDate: must not be before startedDate',
        'events.1.occurredAt: Invalid ISO datetime',
      );
    });

    it('bounds the free-form payload of the other topics', async () => {
      const occurredAt = '2030-01-01T00:00:00Z';
      await expectInvalid(
        record(listener.token, [
          { topic: 'chatMessage', payload: { text: 'x'.repeat(5000) }, occurredAt },
          { topic: 'tokenChange', payload: 'changed', occurredAt },
        ]),
        'events.0.payload: must be at most 4096 characters of JSON',
        'events.1.payload: Invalid input: expected record, received string',
      );
    });
  });
});

describe('admin reads', () => {
  it('refuses guests, plain users and roles other than admin and staff', async () => {
    const reads = [
      (t: string | null) => s.as(t).call(e.list, {}),
      (t: string | null) => s.as(t).call(e.songPlays, { params: { songShortId: 'song-a' } }),
    ];
    for (const read of reads) {
      await expectError(read(null), 401, MISSING);
      await expectError(read(guest), 403, GUEST);
      await expectError(read(listener.token), 403, ROLE);
      await expectError(read(moderator.token), 403, ROLE);
      await expect(read(staff.token)).resolves.toBeTruthy();
      await expect(read(admin.token)).resolves.toBeTruthy();
    }
  });

  it('filters events by topic, user and time, newest first, with paging', async () => {
    const who = await s.createUser();
    const at = (iso: string) => playPayload({ startedDate: iso, updatedDate: iso, seconds: 0 });
    const early = playEvent('userSongTotalPlayed', at('2031-01-01T00:00:00.000Z'));
    const middle = playEvent('userSongTotalPlayed', at('2031-01-02T00:00:00.000Z'));
    const late = playEvent('userSong15Seconds', at('2031-01-03T00:00:00.000Z'));
    await record(who.token, [early, late, middle]);

    const read = (query: Record<string, unknown>) =>
      s.as(admin.token).call(e.list, { query: { userUuid: who.uuid, ...query } });
    const all = await read({});
    expect(all.total).toBe(3);
    expect(all.events.map((x) => x.playId)).toEqual(
      [late, middle, early].map((x) => x.payload.playId),
    );
    const totals = await read({ topic: 'userSongTotalPlayed', since: '2031-01-02T00:00:00Z' });
    expect(totals.events.map((x) => x.playId)).toEqual([middle.payload.playId]);
    const second = await read({ limit: 1, offset: 1 });
    expect(second).toMatchObject({ total: 3, events: [{ playId: middle.payload.playId }] });
  });

  it('refuses bad filters', async () => {
    await expectInvalid(
      s.as(admin.token).call(e.list, {
        query: { topic: 'nope' as never, userUuid: 'someone', since: 'today', limit: 0 },
      }),
      'topic: Invalid option: expected one of "roomStartTime"|"onboardingSteps"|"chatMessage"|"chatMessageReaction"|"roomCreationStartTime"|"roomCreationRoomServiceResponse"|"userSongTotalPlayed"|"userSong15Seconds"|"userSong30Seconds"|"tokenChange"',
      'userUuid: Invalid UUID',
      'since: Invalid ISO datetime',
      'limit: Too small: expected number to be >=1',
    );
  });

  it('counts a song’s plays (optionally since an instant); an unheard song has none', async () => {
    const song = `counted-${randomUUID()}`;
    const p1 = playPayload({ songShortId: song, seconds: 33 });
    const p2 = playPayload({
      songShortId: song,
      seconds: 14,
      startedDate: '2030-06-01T00:00:00.000Z',
      updatedDate: '2030-06-01T00:00:14.000Z',
    });
    await record(listener.token, [
      playEvent('userSong15Seconds', { ...p1, secondsPlayed: 11 }),
      playEvent('userSong30Seconds', p1),
      playEvent('userSongTotalPlayed', p1),
    ]);
    await record(guest, [playEvent('userSong15Seconds', p2), playEvent('userSongTotalPlayed', p2)]);
    const plays = (query = {}) =>
      s.as(staff.token).call(e.songPlays, { params: { songShortId: song }, query });
    await expect(plays()).resolves.toEqual({
      songShortId: song,
      userSong15Seconds: 2,
      userSong30Seconds: 1,
      userSongTotalPlayed: 2,
      secondsPlayed: 47,
      listeners: 2,
    });
    await expect(plays({ since: '2030-06-01T00:00:00Z' })).resolves.toMatchObject({
      userSong15Seconds: 1,
      userSong30Seconds: 0,
      userSongTotalPlayed: 1,
      secondsPlayed: 14,
      listeners: 1,
    });
    await expect(
      s.as(admin.token).call(e.songPlays, { params: { songShortId: 'never-played' } }),
    ).resolves.toEqual({
      songShortId: 'never-played',
      userSong15Seconds: 0,
      userSong30Seconds: 0,
      userSongTotalPlayed: 0,
      secondsPlayed: 0,
      listeners: 0,
    });
  });
});

describe('rate limit', () => {
  it('answers 429 after 120 batches a minute from one address', async () => {
    const limited = await startTestServer({ RATE_LIMIT_ENABLED: 'true' });
    try {
      const token = (await limited.client.call(authEndpoints.guest, {})).accessToken;
      const send = () =>
        limited.as(token).call(e.record, { body: { events: [playEvent('userSong15Seconds')] } });
      for (let i = 0; i < e.record.rateLimitPerMinute!; i++) await send();
      await expectError(send(), 429, 'Too many requests, please try again later');
    } finally {
      await limited.close();
    }
  });
});

describe('POST /kinesis (one {topic, record})', () => {
  it('records a play event once per playId and any other topic', async () => {
    const payload = playPayload({ songShortId: 'kinesis-song', seconds: 31 });
    const kinesis = (body: unknown) =>
      s.as(listener.token).call(e.kinesis, { body: body as never });
    expect(await kinesis({ topic: 'userSong30Seconds', record: payload })).toEqual({
      stored: 1,
      duplicates: 0,
    });
    expect(await kinesis({ topic: 'userSong30Seconds', record: payload })).toEqual({
      stored: 0,
      duplicates: 1,
    });
    expect(await kinesis({ topic: 'chatMessage', record: { length: 12 } })).toEqual({
      stored: 1,
      duplicates: 0,
    });
    const plays = await s
      .as(admin.token)
      .call(e.songPlays, { params: { songShortId: 'kinesis-song' }, query: {} });
    expect(plays).toMatchObject({ userSong30Seconds: 1 });
  });

  it('refuses an unknown topic, a bad record and a missing token', async () => {
    const kinesis = (token: string | null, body: unknown) =>
      s.as(token).call(e.kinesis, { body: body as never });
    const unknown = await expectError(kinesis(listener.token, { topic: 'nope', record: {} }), 400);
    expect(unknown).toMatchObject({ code: 'VALIDATION' });
    const bad = await expectError(
      kinesis(listener.token, { topic: 'userSong15Seconds', record: { playId: 'x' } }),
      400,
    );
    expect(bad).toMatchObject({ code: 'VALIDATION' });
    await expectError(kinesis(null, { topic: 'chatMessage', record: {} }), 401, MISSING);
    expect(await kinesis(guest, { topic: 'chatMessage', record: {} })).toEqual({
      stored: 1,
      duplicates: 0,
    });
  });
});
