import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomHistoryEndpoints as e } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import { createRoom } from '../../room/testing';
import { song } from '../../../realtime/test-kit';

/** GET/POST /rooms/{slug}/recent-songs on the playlist service. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

describe('room history on the playlist service', () => {
  it('services record a play; anyone reads the history, newest first, in pages', async () => {
    const staff = await s.createUser({ roles: ['staff'] });
    const dj = await s.createUser();
    const room = await createRoom(s, dj.token);
    for (const [i, name] of ['First', 'Second', 'Third'].entries()) {
      const added = await s.as(staff.token).call(e.add, {
        params: { slug: room.slug },
        body: {
          song: song(name, 180),
          djUuid: dj.uuid,
          playedAt: new Date(Date.now() - (3 - i) * 60_000).toISOString(),
          voteCounts: { likes: i, dislikes: 0, stars: 0 },
        },
      });
      expect(added.song.trackName).toBe(name);
    }
    const page = await s.client.call(e.list, { params: { slug: room.slug }, query: { limit: 2 } });
    expect(page.total).toBe(3);
    expect(page.songs.map((x) => x.song.trackName)).toEqual(['Third', 'Second']);
    expect(page.songs[0]!.voteCounts.likes).toBe(2);
    const rest = await s.client.call(e.list, {
      params: { slug: room.slug },
      query: { limit: 2, offset: 2 },
    });
    expect(rest.songs.map((x) => x.song.trackName)).toEqual(['First']);
  });

  it('roles, bad input, unknown rooms, password rooms', async () => {
    const owner = await s.createUser();
    const outsider = await s.createUser();
    const room = await createRoom(s, owner.token, { password: 'secret-door' });
    await expectError(
      s.as(outsider.token).call(e.add, {
        params: { slug: room.slug },
        body: { song: song('x'), djUuid: owner.uuid },
      }),
      403,
    );
    await expectError(
      s.client.call(e.add, {
        params: { slug: room.slug },
        body: { song: song('x'), djUuid: owner.uuid },
      }),
      401,
    );
    await expectError(
      s.client.call(e.list, { params: { slug: room.slug }, query: { limit: 101 } }),
      400,
    );
    await expectError(s.client.call(e.list, { params: { slug: 'no-such-room-here' } }), 404);
    await expectError(s.as(outsider.token).call(e.list, { params: { slug: room.slug } }), 403);
  });
});
