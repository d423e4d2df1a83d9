import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomEndpoints } from '@tt/protocol';
import type { TestServer } from '../../test/harness';
import { expectInSync, joinedRoom, RoomClient, song, startRealtimeServer } from './test-kit';

/** docs/ROOM-RULES.md: rotation, songsPerDj, skip, the end-of-song timer. */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer();
});
afterAll(async () => {
  await s?.close();
});

const roomOf = (n: number, settings: Record<string, unknown> = {}) =>
  joinedRoom(s, n, { settings, inSync: true });

const lineup = (c: RoomClient) => c.state.djs.map((d) => d.uuid);
const playing = (c: RoomClient) => c.state.nowPlaying?.song.trackName ?? null;

describe('rotation', () => {
  it('RR-ROT-1: after a song its DJ goes to the end of the lineup and the next DJ plays', async () => {
    const {
      room,
      people: [a, b],
      clients,
      close,
    } = await roomOf(2);
    const [ca, cb] = clients;
    await ca.action('addDj', { song: song('A1', 300) });
    await cb.action('addDj', { song: song('B1', 300) });
    await expectInSync(clients, room.uuid);
    expect(lineup(cb)).toEqual([a.uuid, b.uuid]);
    const mark = cb.mark();
    await ca.action('skipSong');
    await cb.waitFor('playedSong', undefined, mark);
    expect(playing(cb)).toBe('B1');
    expect(lineup(cb)).toEqual([b.uuid, a.uuid]);
    await expectInSync(clients, room.uuid);
    close();
  });

  it('RR-ROT-2: a DJ sits at the end; with nothing playing a song starts as soon as a DJ has one', async () => {
    const {
      room,
      people: [a, b],
      clients,
      close,
    } = await roomOf(2);
    const [ca, cb] = clients;
    await ca.action('addDj');
    expect(ca.state.nowPlaying).toBeNull();
    await cb.action('addDj');
    expect(lineup(cb)).toEqual([a.uuid, b.uuid]);
    await expectInSync(clients, room.uuid);
    const mark = ca.mark();
    await cb.action('updateNextSong', { song: song('B1', 300) });
    await ca.waitFor('playedSong', undefined, mark);
    expect(playing(ca)).toBe('B1');
    expect(lineup(ca)).toEqual([b.uuid, a.uuid]);
    await expectInSync(clients, room.uuid);
    close();
  });

  it('RR-ROT-3: a DJ without a next song is passed over; with no song anywhere nothing plays', async () => {
    const {
      room,
      people: [a, b, c],
      clients,
      close,
    } = await roomOf(3);
    const [ca, cb, cc] = clients;
    await ca.action('addDj', { song: song('A1', 300) });
    await cb.action('addDj');
    await cc.action('addDj', { song: song('C1', 300) });
    await expectInSync(clients, room.uuid);
    let mark = ca.mark();
    await ca.action('skipSong');
    await ca.waitFor('playedSong', undefined, mark);
    expect(playing(ca)).toBe('C1');
    expect(lineup(ca)).toEqual([c.uuid, a.uuid, b.uuid]);
    mark = ca.mark();
    await cc.action('skipSong');
    await ca.waitFor('playedSong', undefined, mark);
    expect(ca.state.nowPlaying).toBeNull();
    expect(ca.state.songsRemainingForDj).toBe(0);
    expect(lineup(ca)).toEqual([a.uuid, b.uuid, c.uuid]);
    await expectInSync(clients, room.uuid);
    close();
  });

  it('RR-ROT-4: a DJ leaving mid-song stops it and the next DJ plays', async () => {
    const {
      room,
      people: [a, b],
      clients,
      close,
    } = await roomOf(3);
    const [ca, cb, cc] = clients;
    await ca.action('addDj', { song: song('A1', 300) });
    await cb.action('addDj', { song: song('B1', 300) });
    await expectInSync(clients, room.uuid);
    const mark = cc.mark();
    ca.disconnect(); // the grace period ends, the DJ leaves the room
    await cc.waitFor('userLeft', undefined, mark);
    await cc.waitFor('playedSong', undefined, mark);
    expect(playing(cc)).toBe('B1');
    expect(lineup(cc)).toEqual([b.uuid]);
    expect(cc.state.allUsers.map((u) => u.uuid)).not.toContain(a.uuid);
    await expectInSync([cb, cc], room.uuid);
    close();
  });

  it('RR-ROT-5: when a song starts its DJ has no next song until they send one', async () => {
    const { room, clients, close } = await roomOf(1);
    const [ca] = clients;
    await ca.action('addDj', { song: song('A1', 300) });
    expect(ca.state.djs[0].nextSong).toBeNull();
    await ca.action('updateNextSong', { song: song('A2', 300) });
    expect(ca.state.djs[0].nextSong?.trackName).toBe('A2');
    await expectInSync(clients, room.uuid);
    close();
  });
});

describe('songs per DJ', () => {
  it('RR-SPD-1, RR-SPD-3: after songsPerDj songs the DJ steps down and the next DJ plays', async () => {
    const {
      room,
      people: [a, b],
      clients,
      close,
    } = await roomOf(2, { songsPerDj: 2 });
    const [ca, cb] = clients;
    await ca.action('addDj', { song: song('A1', 300) });
    expect(ca.state.songsRemainingForDj).toBe(1);
    await ca.action('updateNextSong', { song: song('A2', 300) });
    let mark = ca.mark();
    await ca.action('skipSong');
    await ca.waitFor('playedSong', undefined, mark);
    expect(playing(ca)).toBe('A2');
    expect(ca.state.songsRemainingForDj).toBe(0);
    await cb.action('addDj', { song: song('B1', 300) });
    await ca.action('updateNextSong', { song: song('A3', 300) });
    mark = ca.mark();
    await ca.action('skipSong');
    await ca.waitFor('removedDj', undefined, mark);
    await ca.waitFor('playedSong', undefined, mark);
    expect(playing(ca)).toBe('B1');
    expect(lineup(ca)).toEqual([b.uuid]);
    expect(ca.state.audienceUsers.map((u) => u.uuid)).toContain(a.uuid);
    expect(ca.state.songsRemainingForDj).toBe(1);
    // Back in the seat, the count starts again.
    await ca.action('addDj', { song: song('A4', 300) });
    await expectInSync(clients, room.uuid);
    mark = ca.mark();
    await cb.action('skipSong');
    await ca.waitFor('playedSong', undefined, mark);
    expect(playing(ca)).toBe('A4');
    expect(ca.state.songsRemainingForDj).toBe(1);
    await expectInSync(clients, room.uuid);
    close();
  });

  it('RR-SPD-2: songsPerDj 0 means no limit (songsRemainingForDj -1)', async () => {
    const {
      room,
      people: [a],
      clients,
      close,
    } = await roomOf(1, { songsPerDj: 0 });
    const [ca] = clients;
    await ca.action('addDj', { song: song('A1', 300) });
    expect(ca.state.songsRemainingForDj).toBe(-1);
    for (const next of ['A2', 'A3', 'A4']) {
      await ca.action('updateNextSong', { song: song(next, 300) });
      const mark = ca.mark();
      await ca.action('skipSong');
      await ca.waitFor('playedSong', undefined, mark);
      expect(playing(ca)).toBe(next);
    }
    expect(lineup(ca)).toEqual([a.uuid]);
    await expectInSync(clients, room.uuid);
    close();
  });
});

describe('skip and the end-of-song timer', () => {
  it('RR-SKIP-1: the DJ playing or a moderator skips; others may not; nothing playing is refused', async () => {
    const { room, clients, close } = await roomOf(3);
    const [owner, ca, cc] = clients;
    expect(await ca.actionError('skipSong')).toBe('No song is playing');
    await ca.action('addDj', { song: song('A1', 300) });
    await ca.action('updateNextSong', { song: song('A2', 300) });
    expect(await cc.actionError('skipSong')).toBe('Only the DJ or a moderator can skip this song');
    await expectInSync(clients, room.uuid);
    let mark = cc.mark();
    await ca.action('skipSong');
    await cc.waitFor('playedSong', undefined, mark);
    expect(playing(cc)).toBe('A2');
    mark = cc.mark();
    await owner.action('skipSong');
    await cc.waitFor('playedSong', undefined, mark);
    expect(cc.state.nowPlaying).toBeNull();
    await expectInSync(clients, room.uuid);
    close();
  });

  it('RR-TIMER-1: the server ends the song at its endTime and plays the next, with no client acting', async () => {
    const {
      room,
      people: [a],
      clients,
      close,
    } = await roomOf(2);
    const [ca, cb] = clients;
    await ca.action('addDj', { song: song('Short', 1) });
    await ca.action('updateNextSong', { song: song('Then', 300) });
    const first = ca.state.nowPlaying!;
    expect(first.endTime - first.startTime).toBe(1000);
    await cb.waitFor('playedSong', (m) => JSON.stringify(m.statePatch).includes('Then'));
    expect(cb.state.nowPlaying!.startTime).toBeGreaterThanOrEqual(first.endTime);
    expect(lineup(cb)).toEqual([a.uuid]);
    await expectInSync(clients, room.uuid);
    close();
  });

  it('RR-TIMER-3: each play goes to the recent songs with its final votes and played time', async () => {
    const { room, clients, close } = await roomOf(2);
    const [ca, cb] = clients;
    await ca.action('addDj', { song: song('Recorded', 1) });
    await cb.action('voteOnSong', { songVotes: { like: true, star: true } });
    await cb.waitFor('playedSong', (m) =>
      m.statePatch!.some((op) => op.path === '/nowPlaying' && (op as any).value === null),
    );
    const deadline = Date.now() + 10_000;
    let recent;
    do {
      recent = await s.client.call(roomEndpoints.recentSongs, {
        params: { slug: room.slug },
        query: { limit: 10, offset: 0 },
      });
    } while (recent.songs[0]?.voteCounts.likes !== 1 && Date.now() < deadline);
    expect(recent.songs).toHaveLength(1);
    expect(recent.songs[0]).toMatchObject({
      song: { trackName: 'Recorded' },
      voteCounts: { likes: 1, dislikes: 0, stars: 1 },
      djUuid: ca.uuid,
    });
    const played = await s
      .as(ca.token)
      .call(roomEndpoints.playedTime, { params: { id: room.uuid } });
    expect(played.playedSeconds).toBe(1);
    close();
  });
});
