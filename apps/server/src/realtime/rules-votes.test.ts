import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import { workEvents } from '../platform/outbox/testing';
import {
  createRoom,
  expectInSync,
  giveRole,
  patchText,
  RoomClient,
  song,
  joinedRoom,
  startRealtimeServer,
} from './test-kit';

/** docs/ROOM-RULES.md: votes, stars, the vibe meter, one-time animations. */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer();
});
afterAll(async () => {
  await s?.close();
});

/** A room whose first user DJs a long song; the others listen. */
async function playingRoom(listeners: number) {
  const joined = await joinedRoom(s, listeners + 1);
  await joined.clients[0].action('addDj', { song: song('Voted', 300) });
  await expectInSync(joined.clients, joined.room.uuid);
  return joined;
}

const votes = (c: RoomClient) => c.received.filter((m) => m.name === 'votedOnSong').length;

describe('votes', () => {
  it('RR-VOTE-1: votes need a song playing; one vote per user per song', async () => {
    const [owner, a] = await Promise.all([s.createUser(), s.createUser()]);
    const room = await createRoom(s, owner.token);
    const ca = await RoomClient.join(s, a, room.uuid);
    expect(await ca.actionError('voteOnSong', { songVotes: { like: true } })).toBe(
      'No song is playing',
    );
    const co = await RoomClient.join(s, owner, room.uuid);
    await co.action('addDj', { song: song('One', 300) });
    await ca.action('voteOnSong', { songVotes: { like: true } });
    await ca.action('voteOnSong', { songVotes: { like: true } });
    await co.waitFor('votedOnSong');
    expect(co.state.voteCounts).toEqual({ likes: 1, dislikes: 0, stars: 0 });
    await expectInSync([co, ca], room.uuid);
    co.disconnect();
    ca.disconnect();
  });

  it('RR-VOTE-2: like true then like false switches; the same vote again changes nothing', async () => {
    const { room, clients, close } = await playingRoom(2);
    const [dj, a] = clients;
    await a.action('voteOnSong', { songVotes: { like: true } });
    await dj.waitFor('votedOnSong');
    expect(dj.state.voteCounts).toEqual({ likes: 1, dislikes: 0, stars: 0 });
    await a.action('voteOnSong', { songVotes: { like: false } });
    await dj.waitFor('votedOnSong', (m) => patchText(m).includes('"dislikes":1'));
    expect(dj.state.voteCounts).toEqual({ likes: 0, dislikes: 1, stars: 0 });
    const before = votes(dj);
    await a.action('voteOnSong', { songVotes: { like: false } });
    // The star that follows is the next vote message anyone sees: the repeat sent nothing.
    await a.action('voteOnSong', { songVotes: { star: true } });
    await dj.waitFor('votedOnSong', (m) => patchText(m).includes('"stars":1'));
    expect(votes(dj)).toBe(before + 1);
    await expectInSync(clients, room.uuid);
    close();
  });

  it('RR-VOTE-3: the DJ cannot vote on their own song', async () => {
    const { clients, close } = await playingRoom(0);
    expect(await clients[0].actionError('voteOnSong', { songVotes: { like: true } })).toBe(
      'You cannot vote on your own song',
    );
    close();
  });

  it("RR-VOTE-4: a vote is private to the voter's connections, survives leaving, and comes back on rejoin", async () => {
    const { room, people, clients, close } = await playingRoom(2);
    const [dj, a] = clients;
    const aUuid = people[1].uuid;
    const a2 = await RoomClient.join(s, people[1], room.uuid);
    await a.action('voteOnSong', { songVotes: { like: true } });
    await a2.waitFor('updatedUserData', (m) => patchText(m).includes('"like":true'));
    expect(a2.state.allUserData[aUuid].songVotes).toEqual({ like: true });
    await dj.waitFor('votedOnSong');
    expect(dj.state.allUserData[aUuid].songVotes).toEqual({});
    expect(dj.received.filter((m) => m.name === 'updatedUserData')).toHaveLength(1); // its own, on join
    // The voter leaves (grace passes) and comes back: still one like, and they see it.
    a.disconnect();
    a2.disconnect();
    await dj.waitFor('userLeft');
    expect(dj.state.voteCounts.likes).toBe(1);
    const back = await RoomClient.join(s, people[1], room.uuid);
    await back.waitFor('updatedUserData');
    expect(back.state.allUserData[aUuid].songVotes).toEqual({ like: true });
    await back.action('voteOnSong', { songVotes: { like: true } });
    expect(back.state.voteCounts.likes).toBe(1);
    await expectInSync([dj, clients[2], back], room.uuid);
    back.disconnect();
    close();
  });

  it('RR-VOTE-5: votes start again at the next song', async () => {
    const { room, people, clients, close } = await playingRoom(1);
    const [dj, a] = clients;
    await dj.action('updateNextSong', { song: song('Next', 300) });
    await a.action('voteOnSong', { songVotes: { like: false, star: true } });
    await a.waitFor('updatedUserData', (m) => patchText(m).includes('star'));
    const mark = a.mark();
    await dj.action('skipSong');
    await a.waitFor('playedSong', undefined, mark);
    expect(a.state.voteCounts).toEqual({ likes: 0, dislikes: 0, stars: 0 });
    expect(a.state.vibeMeter).toBe(0.5);
    expect(a.state.allUserData[people[1].uuid].songVotes).toEqual({});
    await a.action('voteOnSong', { songVotes: { like: true } });
    await dj.waitFor('votedOnSong', (m) => patchText(m).includes('"likes":1'));
    await expectInSync(clients, room.uuid);
    close();
  });

  it('RR-STAR-1: star true adds one star, star false takes it back; likes are independent', async () => {
    const { room, people, clients, close } = await playingRoom(1);
    const [dj, a] = clients;
    await a.action('voteOnSong', { songVotes: { star: true } });
    await a.action('voteOnSong', { songVotes: { star: true } });
    await a.action('voteOnSong', { songVotes: { like: true } });
    await dj.waitFor('votedOnSong', (m) => patchText(m).includes('"likes":1'));
    expect(dj.state.voteCounts).toEqual({ likes: 1, dislikes: 0, stars: 1 });
    await a.action('voteOnSong', { songVotes: { star: false } });
    await dj.waitFor('votedOnSong', (m) => patchText(m).includes('"stars":0'));
    expect(dj.state.voteCounts).toEqual({ likes: 1, dislikes: 0, stars: 0 });
    await a.waitFor(
      'updatedUserData',
      (m) => !patchText(m).includes('star') && patchText(m).includes('like'),
    );
    expect(a.state.allUserData[people[1].uuid].songVotes).toEqual({ like: true });
    await expectInSync(clients, room.uuid);
    close();
  });

  it('RR-STAR-2: a star given or taken back is announced once per change as room.songStarred work', async () => {
    const { room, people, clients, close } = await playingRoom(1);
    const [, a] = clients;
    const starsOfRoom = async () =>
      (await workEvents(s.app.platform.db, 'room.songStarred'))
        .filter((e) => e.roomUuid === room.uuid)
        .map((e) => ({ userUuid: e.userUuid, starred: e.starred, trackName: e.song.trackName }));
    await a.action('voteOnSong', { songVotes: { star: true } });
    await a.action('voteOnSong', { songVotes: { star: true } });
    await a.action('voteOnSong', { songVotes: { like: true } });
    await a.action('voteOnSong', { songVotes: { star: false } });
    await a.waitFor('updatedUserData', (m) => !patchText(m).includes('star'));
    for (let i = 0; i < 100 && (await starsOfRoom()).length < 2; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await starsOfRoom()).toEqual([
      { userUuid: people[1].uuid, starred: true, trackName: 'Voted' },
      { userUuid: people[1].uuid, starred: false, trackName: 'Voted' },
    ]);
    close();
  });

  it('RR-VIBE-1: the vibe meter is likes / (likes + dislikes), 0.5 when nobody voted; stars do not count', async () => {
    const { room, clients, close } = await playingRoom(3);
    const [dj, a, b, c] = clients;
    expect(dj.state.vibeMeter).toBe(0.5);
    await a.action('voteOnSong', { songVotes: { star: true } });
    await dj.waitFor('votedOnSong');
    expect(dj.state.vibeMeter).toBe(0.5);
    await a.action('voteOnSong', { songVotes: { like: true } });
    await dj.waitFor('votedOnSong', (m) => patchText(m).includes('vibeMeter'));
    expect(dj.state.vibeMeter).toBe(1);
    await b.action('voteOnSong', { songVotes: { like: false } });
    await c.action('voteOnSong', { songVotes: { like: false } });
    await dj.waitFor('votedOnSong', (m) => patchText(m).includes('"dislikes":2'));
    expect(dj.state.vibeMeter).toBe(0.333);
    await expectInSync(clients, room.uuid);
    close();
  });
});

describe('one-time animations', () => {
  it('RR-ANIM-1: an emoji animation carries exactly one emoji; chatDisabled users send no emoji', async () => {
    const { room, people, clients, close } = await playingRoom(1);
    const [dj, a] = clients;
    for (const emoji of ['🎉', '👍🏽', '🇫🇷', '👩‍💻']) {
      const mark = dj.mark();
      await a.action('playOneTimeAnimation', { animation: 'emoji', emoji });
      const m = await dj.waitFor('playedOneTimeAnimation', undefined, mark);
      expect(m.params).toEqual({ userUuid: people[1].uuid, animation: 'emoji', emoji });
      expect(m.statePatch).toBeUndefined();
    }
    for (const emoji of ['', 'a', '🎉🎉', '🎉 ', ':)']) {
      expect(await a.actionError('playOneTimeAnimation', { animation: 'emoji', emoji })).toBe(
        'An emoji animation needs exactly one emoji',
      );
    }
    expect(await a.actionError('playOneTimeAnimation', { animation: 'emoji' })).toBe(
      'An emoji animation needs exactly one emoji',
    );
    const mark = a.mark();
    await giveRole(s, people[0].token, room.uuid, people[1].uuid, 'chatDisabled');
    await a.waitFor('updatedRoomSettings', undefined, mark);
    expect(await a.actionError('playOneTimeAnimation', { animation: 'emoji', emoji: '🎉' })).toBe(
      'You cannot send emoji in this room right now',
    );
    await a.action('playOneTimeAnimation', { animation: 'jump' });
    close();
  });

  it('RR-ANIM-2: a jump goes to everyone, the sender too, and changes no state', async () => {
    const { people, clients, close } = await playingRoom(1);
    const [dj, a] = clients;
    const marks = [dj.mark(), a.mark()];
    await a.action('playOneTimeAnimation', { animation: 'jump', emoji: '🎉' });
    for (const [i, c] of [dj, a].entries()) {
      const m = await c.waitFor('playedOneTimeAnimation', undefined, marks[i]);
      expect(m.params).toEqual({ userUuid: people[1].uuid, animation: 'jump' });
    }
    close();
  });
});
