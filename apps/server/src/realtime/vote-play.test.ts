import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, roomEndpoints } from '@tt/protocol';
import type { TestServer } from '../../test/harness';
import {
  createRoom,
  expectInSync,
  giveRole,
  patchText,
  RawSocket,
  roomState,
  RoomClient,
  song,
  joinedRoom,
  startRealtimeServer,
} from './test-kit';

/** docs/ROOM-RULES.md VOTE-PLAY-1..5, with the unmodified ttfm-socket SDK (and a raw socket). */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer();
});
afterAll(async () => {
  await s?.close();
});

const CHANGED = ERRORS.ROOM_PLAY_CHANGED.message;
const NO_VOTES = { likes: 0, dislikes: 0, stars: 0 };

/** Two DJs with a long song each and `listeners` listeners; the first DJ's song plays. */
async function twoDjRoom(listeners: number) {
  const joined = await joinedRoom(s, listeners + 2);
  await joined.clients[0].action('addDj', { song: song('First', 300) });
  await joined.clients[1].action('addDj', { song: song('Second', 300) });
  await expectInSync(joined.clients, joined.room.uuid);
  return joined;
}

/** The first DJ skips: the second DJ's song plays; answers the start times of both plays. */
async function changeSong(clients: RoomClient[], roomUuid: string) {
  const last = clients[clients.length - 1];
  const before = last.state.nowPlaying!.startTime;
  await clients[0].action('skipSong');
  await expect.poll(() => last.state.nowPlaying?.song.trackName).toBe('Second');
  await expectInSync(clients, roomUuid);
  return { before, now: last.state.nowPlaying!.startTime };
}

describe('VOTE-PLAY-1/2: actions that name their play', () => {
  it('VOTE-PLAY-2: a vote or star naming the play before a song change is refused and counts nothing', async () => {
    const { room, clients, close } = await twoDjRoom(1);
    const listener = clients[2];
    const { before, now } = await changeSong(clients, room.uuid);
    expect(now).not.toBe(before);
    for (const songVotes of [{ like: true }, { like: false }, { star: true }]) {
      expect(
        await listener.actionError('voteOnSong', { songVotes, playStartTime: before }),
      ).toContain(CHANGED);
    }
    const server = await roomState(s, listener.token, room.uuid);
    expect(server.voteCounts).toEqual(NO_VOTES);
    expect(listener.state.allUserData[listener.uuid].songVotes).toEqual({});
    await expectInSync(clients, room.uuid);
    close();
  });

  it('VOTE-PLAY-1: naming the play now counts; naming none (the SDK as it is) counts too', async () => {
    const { room, clients, close } = await twoDjRoom(2);
    const [dj, , a, b] = clients;
    const now = a.state.nowPlaying!.startTime;
    await a.action('voteOnSong', { songVotes: { like: true }, playStartTime: now });
    await b.action('voteOnSong', { songVotes: { like: true, star: true } });
    await dj.waitFor('votedOnSong', (m) => patchText(m).includes('"likes":2'));
    await expect.poll(() => dj.state.voteCounts).toEqual({ likes: 2, dislikes: 0, stars: 1 });
    await expectInSync(clients, room.uuid);
    close();
  });

  it('VOTE-PLAY-2: the refusal carries its code on the wire', async () => {
    const { room, clients, close } = await twoDjRoom(0);
    const { before } = await changeSong(clients, room.uuid);
    const user = await s.createUser();
    const raw = await RawSocket.open(s, user.token);
    raw.send({
      event: 'action',
      params: { action: 'joinRoom', roomUuid: room.uuid },
      messageId: 1,
    });
    await raw.next((f) => f?.messageId === 1 && f.context === 'response');
    const vote = { action: 'voteOnSong', roomUuid: room.uuid, songVotes: { like: true } };
    raw.send({ event: 'action', params: { ...vote, playStartTime: before }, messageId: 2 });
    expect(await raw.next((f) => f?.messageId === 2)).toMatchObject({
      error: CHANGED,
      code: 'ROOM_PLAY_CHANGED',
    });
    raw.close();
    close();
  });

  it('VOTE-PLAY-2: a skip or a removal from the booth naming the play before does nothing', async () => {
    const { room, people, clients, close } = await twoDjRoom(1);
    const [owner, second] = clients;
    const { before, now } = await changeSong(clients, room.uuid);
    // The owner (a moderator of the room) acts on the song they saw: the first one.
    expect(await owner.actionError('skipSong', { playStartTime: before })).toContain(CHANGED);
    expect(
      await owner.actionError('removeDj', { djUuid: people[1].uuid, playStartTime: before }),
    ).toContain(CHANGED);
    expect(await second.actionError('skipSong', { playStartTime: before })).toContain(CHANGED);
    const server = await roomState(s, owner.token, room.uuid);
    expect(server.nowPlaying?.startTime).toBe(now);
    expect(server.djs.map((d) => d.uuid)).toContain(people[1].uuid);
    // Naming the play now: the skip happens.
    await owner.action('skipSong', { playStartTime: now });
    await expect.poll(() => clients[2].state.nowPlaying?.startTime).not.toBe(now);
    await expectInSync(clients, room.uuid);
    close();
  });
});

describe('VOTE-PLAY-4/5: dislikes off or private', () => {
  it('VOTE-PLAY-4: with dislikes off a dislike is refused; likes and stars count', async () => {
    const [owner, a] = await Promise.all([s.createUser(), s.createUser()]);
    const room = await createRoom(s, owner.token, { dislikes: 'off' });
    const co = await RoomClient.join(s, owner, room.uuid);
    const ca = await RoomClient.join(s, a, room.uuid);
    expect(ca.state.settings.dislikes).toBe('off');
    await co.action('addDj', { song: song('Kind', 300) });
    await expect.poll(() => ca.state.nowPlaying?.song.trackName).toBe('Kind');
    expect(await ca.actionError('voteOnSong', { songVotes: { like: false } })).toContain(
      ERRORS.ROOM_DISLIKES_OFF.message,
    );
    await ca.action('voteOnSong', { songVotes: { like: true, star: true } });
    await expect.poll(() => co.state.voteCounts).toEqual({ likes: 1, dislikes: 0, stars: 1 });
    await expectInSync([co, ca], room.uuid);
    co.disconnect();
    ca.disconnect();
  });

  it('VOTE-PLAY-5: with private dislikes the DJ and the moderators see the count, a listener does not', async () => {
    const [owner, dj, a, b, mod] = await Promise.all(
      Array.from({ length: 5 }, () => s.createUser()),
    );
    const room = await createRoom(s, owner.token, { dislikes: 'private' });
    const co = await RoomClient.join(s, owner, room.uuid);
    const cdj = await RoomClient.join(s, dj, room.uuid);
    const ca = await RoomClient.join(s, a, room.uuid);
    const cb = await RoomClient.join(s, b, room.uuid);
    await cdj.action('addDj', { song: song('Shy', 300) });
    await expect.poll(() => cb.state.nowPlaying?.song.trackName).toBe('Shy');
    await cb.action('voteOnSong', { songVotes: { like: false } });
    await ca.action('voteOnSong', { songVotes: { like: true } });
    const real = { likes: 1, dislikes: 1, stars: 0 };
    await expect.poll(() => cdj.state.voteCounts).toEqual(real);
    expect(cdj.state.vibeMeter).toBe(0.5);
    await expect.poll(() => co.state.voteCounts).toEqual(real);
    // The listeners (the disliker too) see the likes only, and a vibe meter of the likes alone.
    await expect.poll(() => ca.state.voteCounts).toEqual({ likes: 1, dislikes: 0, stars: 0 });
    expect(ca.state.vibeMeter).toBe(1);
    expect(cb.state.voteCounts.dislikes).toBe(0);
    expect(cb.received.some((m) => patchText(m).includes('"dislikes":1'))).toBe(false);
    await expectInSync([ca, cb], room.uuid);
    // Someone made a moderator joins and sees the real count at once; the REST state hides it.
    await giveRole(s, owner.token, room.uuid, mod.uuid, 'moderator');
    const cm = await RoomClient.join(s, mod, room.uuid);
    await expect.poll(() => cm.state.voteCounts).toEqual(real);
    const server = await s.as(a.token).call(roomEndpoints.roomState, { params: { id: room.uuid } });
    expect(server.voteCounts.dislikes).toBe(0);
    // The song ends: everybody's counts start again at zero, the DJ's and moderators' too.
    await cdj.action('skipSong');
    await expect.poll(() => cdj.state.voteCounts).toEqual(NO_VOTES);
    await expect.poll(() => cm.state.voteCounts).toEqual(NO_VOTES);
    expect(cm.state.vibeMeter).toBe(0.5);
    // The recent songs keep the real count, shown to the DJ who played and the moderators only.
    const shy = async (token: string | null) => {
      const client = token ? s.as(token) : s.client;
      const page = await client.call(roomEndpoints.recentSongs, {
        params: { slug: room.slug },
        query: { limit: 10, offset: 0 },
      });
      return page.songs.find((x) => x.song.trackName === 'Shy')?.voteCounts.dislikes;
    };
    await expect.poll(() => shy(owner.token)).toBe(1);
    expect(await shy(dj.token)).toBe(1);
    expect(await shy(mod.token)).toBe(1);
    expect(await shy(a.token)).toBe(0);
    expect(await shy(null)).toBe(0);
    for (const c of [co, cdj, ca, cb, cm]) c.disconnect();
  });
});
