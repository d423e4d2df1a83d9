import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_ANALYTICS_BATCH, type AnalyticsBatchReq } from '@tt/protocol';
import {
  ANALYTICS_EVENTS_URL,
  AnalyticsSender,
  PlayEventLog,
  toPlayPayload,
  type PageLifecycle,
} from './analytics';
import { song } from './testing';
import type { PlayEvent } from './tracking';

const PLAY = '6f1c1a52-8a3e-4a55-9d55-3b8f5d1e2c01';
const DJ = '0e0a6f3c-1111-4222-8333-944445555666';

function playEvent(overrides: Partial<PlayEvent> = {}): PlayEvent {
  const started = Date.parse('2030-05-01T12:00:00.000Z');
  return {
    roomSlug: 'friday-club',
    roomOwnerUuid: null,
    djUuid: DJ,
    songInfo: song(),
    startedDate: started,
    updatedDate: started + 15_500,
    volumeStart: 0.8,
    volumeEnd: 0.654,
    playId: PLAY,
    sent15sec: true,
    sent30sec: false,
    deviceData: { platform: 'web' },
    userProvider: 'uploadService',
    subscriptionLevel: null,
    secondsPlayed: 15.5,
    ...overrides,
  };
}

/** A fake fetch: answers from `answers` in turn (a status, or an Error to throw). */
function fakeFetch(answers: (number | Error)[] = []) {
  const calls: { url: string; init: RequestInit; body: AnalyticsBatchReq }[] = [];
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init!, body: JSON.parse(String(init!.body)) });
    const answer = answers.shift() ?? 200;
    if (answer instanceof Error) throw answer;
    return new Response('{}', { status: answer });
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

/** A window/document pair whose events the test fires. */
function fakePage() {
  const listeners = new Map<string, Set<() => void>>();
  const target: PageLifecycle = {
    addEventListener: (type, l) =>
      void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(l),
    removeEventListener: (type, l) => void listeners.get(type)?.delete(l),
  };
  const doc = { ...target, visibilityState: 'visible' };
  const fire = (type: string) => listeners.get(type)?.forEach((l) => l());
  return { win: target, doc, fire, listeners };
}

function setup(answers: (number | Error)[] = [], token: string | null = 'tok') {
  const f = fakeFetch(answers);
  let current = token;
  const sender = new AnalyticsSender({
    token: () => current,
    fetch: f.fetch,
    flushMs: 5000,
    retryMs: 20_000,
    logger: null,
  });
  return { sender, ...f, setToken: (t: string | null) => (current = t) };
}

/** Lets the fake fetch's promises settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toPlayPayload', () => {
  it('sends volumes in percent, ISO dates and only the song’s essentials', () => {
    expect(toPlayPayload(playEvent())).toEqual({
      playId: PLAY,
      roomSlug: 'friday-club',
      roomOwnerUuid: null,
      djUuid: DJ,
      songInfo: {
        songShortId: 'short1',
        trackName: 'Track',
        artistName: 'Artist',
        musicProviders: song().musicProviders,
        duration: 200,
      },
      secondsPlayed: 15.5,
      volumeStart: 80,
      volumeEnd: 65,
      startedDate: '2030-05-01T12:00:00.000Z',
      updatedDate: '2030-05-01T12:00:15.500Z',
      sent15sec: true,
      sent30sec: false,
      deviceData: { platform: 'web' },
      userProvider: 'uploadService',
      subscriptionLevel: null,
    });
  });
});

describe('AnalyticsSender', () => {
  it('gathers events for a few seconds and posts them in one batch with the token', async () => {
    const { sender, calls } = setup();
    sender.sink('userSong15Seconds', playEvent());
    sender.sink(
      'userSongTotalPlayed',
      playEvent({ secondsPlayed: 41, updatedDate: Date.parse('2030-05-01T12:00:41Z') }),
    );
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/audit-service/analytics/events');
    expect(calls[0].url).toBe(ANALYTICS_EVENTS_URL);
    expect(calls[0].init).toMatchObject({
      method: 'POST',
      keepalive: false,
      headers: { 'content-type': 'application/json', authorization: 'Bearer tok' },
    });
    expect(calls[0].body.events.map((e) => [e.topic, e.occurredAt])).toEqual([
      ['userSong15Seconds', '2030-05-01T12:00:15.500Z'],
      ['userSongTotalPlayed', '2030-05-01T12:00:41.000Z'],
    ]);
    expect(sender.pending()).toBe(0);
  });

  it('posts at once when a batch is full, in batches of at most 50', async () => {
    const { sender, calls } = setup();
    for (let i = 0; i < MAX_ANALYTICS_BATCH + 3; i++) sender.sink('userSong15Seconds', playEvent());
    await settle();
    expect(calls.map((c) => c.body.events.length)).toEqual([MAX_ANALYTICS_BATCH, 3]);
    expect(sender.pending()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(2);
  });

  it('drops a batch refused with a 4xx other than 429', async () => {
    const { sender, calls } = setup([400]);
    sender.sink('userSong15Seconds', playEvent());
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
    expect(sender.pending()).toBe(0);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['a network error', new TypeError('Failed to fetch')],
    ['a 429', 429],
    ['a 503', 503],
  ])('tries a batch once more later after %s, then drops it', async (_name, failure) => {
    const { sender, calls } = setup([failure, failure]);
    sender.sink('userSong15Seconds', playEvent());
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
    expect(sender.pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(calls[1].body).toEqual(calls[0].body);
    expect(sender.pending()).toBe(0);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(2);
  });

  it('a retried batch that goes through is not sent again', async () => {
    const { sender, calls } = setup([new TypeError('offline'), 200]);
    sender.sink('userSong30Seconds', playEvent());
    await vi.advanceTimersByTimeAsync(25_000);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(2);
  });

  it('waits for a token, then sends', async () => {
    const { sender, calls, setToken } = setup([], null);
    sender.sink('userSong15Seconds', playEvent());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(0);
    setToken('guest-tok');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe(
      'Bearer guest-tok',
    );
  });

  it('does not send an event the server would refuse, so it cannot sink the batch', async () => {
    const { sender, calls } = setup();
    sender.sink('userSong15Seconds', playEvent({ djUuid: 'not-a-uuid' }));
    sender.sink('userSong15Seconds', playEvent());
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls[0].body.events).toHaveLength(1);
    expect(calls[0].body.events[0].payload).toMatchObject({ djUuid: DJ });
  });

  it('on page hide posts everything with keepalive, and each event while hidden', async () => {
    const { sender, calls } = setup();
    const page = fakePage();
    const detach = sender.attach(page.win, page.doc);
    sender.sink('userSong15Seconds', playEvent());
    page.doc.visibilityState = 'hidden';
    page.fire('visibilitychange');
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0].init.keepalive).toBe(true);

    // The room ends the song as the page goes: its total goes straight away.
    page.fire('pagehide');
    sender.sink('userSongTotalPlayed', playEvent());
    await settle();
    expect(calls.map((c) => [c.init.keepalive, c.body.events[0].topic])).toEqual([
      [true, 'userSong15Seconds'],
      [true, 'userSongTotalPlayed'],
    ]);

    // Back on the page: batching again.
    page.doc.visibilityState = 'visible';
    page.fire('visibilitychange');
    sender.sink('userSong30Seconds', playEvent());
    await settle();
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(3);
    expect(calls[2].init.keepalive).toBe(false);

    detach();
    expect([...page.listeners.values()].every((set) => set.size === 0)).toBe(true);
  });

  it('keeps the local log for the overlay while forwarding to the sender', async () => {
    const { sender, calls } = setup();
    const log = new PlayEventLog({ clock: () => 7, console: null, forward: sender.sink });
    log.sink('userSong15Seconds', playEvent());
    expect(log.list()).toEqual([
      {
        topic: 'userSong15Seconds',
        playId: PLAY,
        trackName: 'Track',
        secondsPlayed: 15.5,
        roomSlug: 'friday-club',
        at: 7,
      },
    ]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
  });
});
