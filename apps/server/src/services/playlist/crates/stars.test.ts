import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specialCrateEndpoints as sp } from '@tt/protocol';
import type { TestServer } from '../../../../test/harness';
import {
  createRoom,
  eventually,
  expectInSync,
  patchText,
  RoomClient,
  song,
  startRealtimeServer,
} from '../../../realtime/test-kit';

/** Issue 5 "In the room": a star given in a room saves the playing song to the starred list. */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer();
});
afterAll(async () => {
  await s?.close();
});

const starred = async (token: string) =>
  (await s.as(token).call(sp.songs, { params: { special: 'likes' }, query: {} })).songs.map(
    (x) => x.trackName,
  );

describe('stars in a room', () => {
  it('a star saves the playing song to the starred list once; taking it back removes it', async () => {
    const [dj, fan] = await Promise.all([s.createUser(), s.createUser()]);
    const room = await createRoom(s, dj.token);
    const cd = await RoomClient.join(s, dj, room.uuid);
    const cf = await RoomClient.join(s, fan, room.uuid);
    await cd.action('addDj', { song: song('Starry Night', 300) });
    await expectInSync([cd, cf], room.uuid);
    expect(await starred(fan.token)).toEqual([]);

    await cf.action('voteOnSong', { songVotes: { star: true } });
    await eventually(async () => expect(await starred(fan.token)).toEqual(['Starry Night']));

    // Starring the same song again (after taking the star back and giving it again) keeps one copy.
    await s.as(fan.token).call(sp.addSongs, {
      params: { special: 'likes' },
      body: { songs: [song('Starry Night', 300)] },
    });
    expect(await starred(fan.token)).toEqual(['Starry Night']);

    await cf.action('voteOnSong', { songVotes: { star: false } });
    await cf.waitFor('updatedUserData', (m) => !patchText(m).includes('star'));
    await eventually(async () => expect(await starred(fan.token)).toEqual([]));
    // The DJ's own starred list is untouched.
    expect(await starred(dj.token)).toEqual([]);
    cd.disconnect();
    cf.disconnect();
  });

  it('a star and its undo in a row leave the starred list as it was; other songs stay', async () => {
    const [dj, fan] = await Promise.all([s.createUser(), s.createUser()]);
    await s.as(fan.token).call(sp.addSongs, {
      params: { special: 'likes' },
      body: { songs: [song('Kept Before', 200)] },
    });
    const room = await createRoom(s, dj.token);
    const cd = await RoomClient.join(s, dj, room.uuid);
    const cf = await RoomClient.join(s, fan, room.uuid);
    await cd.action('addDj', { song: song('Quick Change', 300) });
    await expectInSync([cd, cf], room.uuid);
    await cf.action('voteOnSong', { songVotes: { star: true } });
    await cf.action('voteOnSong', { songVotes: { star: false } });
    await cf.action('voteOnSong', { songVotes: { star: true } });
    await eventually(async () =>
      expect(await starred(fan.token)).toEqual(['Kept Before', 'Quick Change']),
    );
    await cf.action('voteOnSong', { songVotes: { star: false } });
    await eventually(async () => expect(await starred(fan.token)).toEqual(['Kept Before']));
    cd.disconnect();
    cf.disconnect();
  });
});
