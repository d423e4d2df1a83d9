import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomAdminEndpoints, roomRoleEndpoints, type RoomDto } from '@tt/protocol';
import type { TestServer } from '../../test/harness';
import { createRoom, expectInSync, RoomClient, song, startRealtimeServer } from './test-kit';

/**
 * Three real ttfm-socket clients in one room, through a whole session. After every step each
 * client's state (joinRoom state + every statePatch applied with validation) equals
 * GET /rooms/room-state/{id}.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer();
});
afterAll(async () => {
  await s?.close();
});

describe('a room session with the ttfm-socket SDK', () => {
  it('join, addDj, updateNextSong, votes, skip, removeDj, kick and roomReset stay in sync', async () => {
    const owner = await s.createUser({ nickname: 'Owner' });
    const dj = await s.createUser({ nickname: 'Second DJ' });
    const listener = await s.createUser({ nickname: 'Listener' });
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    const room: RoomDto = await createRoom(s, owner.token, { songsPerDj: 0 });

    // join: full state, then the client's own data; the others see userJoined
    const a = await RoomClient.join(s, owner, room.uuid);
    expect(a.joinResult).toMatchObject({ roomUuid: room.uuid, didCreate: true });
    expect(a.joinResult.allowedRooms).toEqual([room.uuid]);
    expect(typeof a.joinResult.serverTime).toBe('number');
    expect(a.state.settings.uuid).toBe(room.uuid);
    await a.waitFor('updatedUserData');
    const b = await RoomClient.join(s, dj, room.uuid);
    expect(b.joinResult.didCreate).toBe(false);
    const c = await RoomClient.join(s, listener, room.uuid);
    await a.waitFor('userJoined', (m) => JSON.stringify(m.statePatch).includes(listener.uuid));
    await expectInSync([a, b, c], room.uuid);
    expect(c.state.allUsers.map((u) => u.uuid)).toEqual([owner.uuid, dj.uuid, listener.uuid]);
    expect(c.state.allUserData[dj.uuid].userProfile.nickname).toBe('Second DJ');
    expect(c.state.allUsers[0]).toMatchObject({ highestRole: 'owner', canDj: true });

    // addDj with a song: it plays at once
    let mark = c.mark();
    await a.action('addDj', { song: song('A1', 300) });
    await c.waitFor('addedDj', undefined, mark);
    await c.waitFor('playedSong', undefined, mark);
    expect(c.state.nowPlaying?.song.trackName).toBe('A1');
    expect(c.state.djs.map((d) => d.uuid)).toEqual([owner.uuid]);
    expect(c.state.nowPlaying!.endTime - c.state.nowPlaying!.startTime).toBe(300_000);
    await expectInSync([a, b, c], room.uuid);

    // a second DJ without a song, who then chooses one; the first DJ queues their next
    mark = c.mark();
    await b.action('addDj');
    await b.action('updateNextSong', { song: song('B1', 300) });
    await a.action('updateNextSong', { song: song('A2', 300) });
    await c.waitFor('updatedNextSong', (m) => JSON.stringify(m.statePatch).includes('A2'), mark);
    expect(c.state.djs.map((d) => [d.uuid, d.nextSong?.trackName])).toEqual([
      [owner.uuid, 'A2'],
      [dj.uuid, 'B1'],
    ]);
    expect(c.state.visibleDjs).toEqual(c.state.djs);
    await expectInSync([a, b, c], room.uuid);

    // votes: like, dislike, switch, the same vote again (nothing), a star
    mark = a.mark();
    await c.action('voteOnSong', { songVotes: { like: true } });
    await b.action('voteOnSong', { songVotes: { like: false } });
    await c.action('voteOnSong', { songVotes: { like: false } });
    await c.action('voteOnSong', { songVotes: { like: false } });
    await c.action('voteOnSong', { songVotes: { star: true } });
    await a.waitFor('votedOnSong', (m) => JSON.stringify(m.statePatch).includes('"stars":1'), mark);
    expect(a.state.voteCounts).toEqual({ likes: 0, dislikes: 2, stars: 1 });
    expect(a.state.vibeMeter).toBe(0);
    expect(a.received.slice(mark).filter((m) => m.name === 'votedOnSong')).toHaveLength(4);
    await c.waitFor('updatedUserData', (m) => JSON.stringify(m.statePatch).includes('star'));
    expect(c.state.allUserData[listener.uuid].songVotes).toEqual({ like: false, star: true });
    expect(a.state.allUserData[listener.uuid].songVotes).toEqual({});
    await expectInSync([a, b, c], room.uuid);

    // skip by the DJ playing: the next DJ plays, votes reset, the lineup turns
    mark = c.mark();
    await a.action('skipSong');
    await c.waitFor('playedSong', undefined, mark);
    expect(c.state.nowPlaying?.song.trackName).toBe('B1');
    expect(c.state.djs.map((d) => d.uuid)).toEqual([dj.uuid, owner.uuid]);
    expect(c.state.voteCounts).toEqual({ likes: 0, dislikes: 0, stars: 0 });
    expect(c.state.vibeMeter).toBe(0.5);
    expect(c.state.allUserData[listener.uuid].songVotes).toEqual({});
    expect(await c.actionError('skipSong')).toBe('Only the DJ or a moderator can skip this song');
    await expectInSync([a, b, c], room.uuid);

    // removeDj by a moderator (the owner) of the DJ playing: the song stops, the next one plays
    mark = c.mark();
    await a.action('removeDj', { djUuid: dj.uuid });
    await c.waitFor('removedDj', undefined, mark);
    await c.waitFor('playedSong', undefined, mark);
    expect(c.state.nowPlaying?.song.trackName).toBe('A2');
    expect(c.state.djs.map((d) => d.uuid)).toEqual([owner.uuid]);
    expect(c.state.audienceUsers.map((u) => u.uuid)).toContain(dj.uuid);
    await expectInSync([a, b, c], room.uuid);

    // kick through REST: kickedFromRoom, then the connection closes for good; userLeft for others
    mark = a.mark();
    await s.as(owner.token).call(roomRoleEndpoints.kick, {
      body: { roomUuid: room.uuid, userUuid: listener.uuid, reason: 'Be nice' },
    });
    const kicked = await c.waitFor('kickedFromRoom');
    expect(kicked.params).toEqual({ reason: 'Be nice' });
    await c.waitClosed();
    expect(c.client.state).toBe('disconnected');
    await a.waitFor('userLeft', undefined, mark);
    expect(a.state.allUsers.map((u) => u.uuid)).not.toContain(listener.uuid);
    await expectInSync([a, b], room.uuid);

    // reset by an admin: roomReset to everyone; the live state is gone; clients rejoin afresh
    mark = a.mark();
    await s.as(admin.token).call(roomAdminEndpoints.reset, { params: { id: room.uuid } });
    await a.waitFor('roomReset', undefined, mark);
    await b.waitFor('roomReset');
    expect(await a.actionError('skipSong')).toBe('Join the room first');
    const rejoined = await a.joinRoom(room.uuid);
    expect(rejoined.didCreate).toBe(true);
    expect(a.state.djs).toEqual([]);
    expect(a.state.nowPlaying).toBeNull();
    await b.joinRoom(room.uuid);
    await expectInSync([a, b], room.uuid);
    a.disconnect();
    b.disconnect();
  });
});
