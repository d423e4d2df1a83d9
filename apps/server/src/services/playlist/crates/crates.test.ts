import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  crateEndpoints as c,
  specialCrateEndpoints as sp,
  type CrateDto,
  type SongDto,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import { addCatalogueSong } from '../test-kit';
import { providerSong } from './test-kit';

let s: TestServer;
let alice: { uuid: string; token: string };
let bob: { uuid: string; token: string };
let staff: string;
let guest: string;
let upload: SongDto;

beforeAll(async () => {
  s = await startTestServer();
  alice = await s.createUser();
  bob = await s.createUser();
  staff = (await s.createUser({ roles: ['staff'] })).token;
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
  upload = await addCatalogueSong(s, {
    trackName: 'Home Grown',
    artistName: 'Our Band',
    isrc: 'GBHG12400001',
  });
});
afterAll(() => s.close());

const A = () => s.as(alice.token);
const B = () => s.as(bob.token);
const create = (token: string, body: { crateName?: string; description?: string | null } = {}) =>
  s.as(token).call(c.create, { body });
const titles = async (token: string, id: string) =>
  (await s.as(token).call(c.songs, { params: { id }, query: {} })).songs.map((x) => x.trackName);

describe('crates', () => {
  it('names a new crate "New Playlist #" and the lowest unused number', async () => {
    const user = await s.createUser();
    const one = await create(user.token);
    const two = await create(user.token, { crateName: 'Road trip', description: 'Long drives' });
    const three = await create(user.token);
    expect([one.crateName, two.crateName, three.crateName]).toEqual([
      'New Playlist #1',
      'Road trip',
      'New Playlist #2',
    ]);
    expect(two).toMatchObject({
      description: 'Long drives',
      userUuid: user.uuid,
      crateSongsNumber: 0,
      currentPosition: 0,
      importStatus: null,
      special: null,
      thumbnails: [],
    });
    await s.as(user.token).call(c.remove, { params: { id: one.crateUuid } });
    expect((await create(user.token)).crateName).toBe('New Playlist #1');
    const mine = await s.as(user.token).call(c.listMine, { query: {} });
    expect(mine.count).toBe(3);
    expect(mine.crates.every((x) => x.special === null && x.count === 3)).toBe(true);
    const page = await s.as(user.token).call(c.listMine, { query: { limit: 2, offset: 2 } });
    expect(page.crates).toHaveLength(1);
  });

  it('answers bad input with a 400 in the {statusCode, error, message} shape', async () => {
    await expectError(A().call(c.create, { body: { crateName: '   ' } }), 400, /must not be empty/);
    await expectError(A().call(c.get, { params: { id: 'nope' } }), 400, /must be a crate uuid/);
    const crate = await create(alice.token);
    const id = crate.crateUuid;
    await expectError(
      A().call(c.update, { params: { id }, body: {} }),
      400,
      /Nothing to update: send crateName or description/,
    );
    await expectError(A().call(c.addSongs, { params: { id }, body: { songs: [] } }), 400);
    await expectError(
      A().call(c.addSongs, { params: { id }, body: { songs: [{ songId: -3 }] } as never }),
      400,
    );
    await expectError(A().call(c.songs, { params: { id }, query: { limit: 301 } as never }), 400);
    await expectError(A().call(c.listMine, { query: { limit: 101 } as never }), 400);
  });

  it('answers 404 for an unknown crate or crate song', async () => {
    const id = '0e0a6f3c-1111-4222-8333-944445555666';
    await expectError(A().call(c.get, { params: { id } }), 404, 'Crate not found.');
    await expectError(A().call(c.shuffle, { params: { id } }), 404, 'Crate not found.');
    const crate = await create(alice.token);
    await expectError(
      A().call(c.removeSong, { params: { id: crate.crateUuid, crateSongUuid: id } }),
      404,
      'This song is not in the crate.',
    );
  });

  it('adds catalogue songs (id or short id) and provider songs, leaving out duplicates', async () => {
    const crate = await create(alice.token);
    const id = crate.crateUuid;
    const res = await A().call(c.addSongs, {
      params: { id },
      body: {
        songs: [
          { songId: upload.id },
          { songShortId: upload.songShortId },
          providerSong(1),
          providerSong(2),
          // Same song as #1: same Spotify id.
          providerSong(99, { musicProviders: { spotify: 'sp1' } }),
          // Same as #2 by name and duration within 5 s.
          providerSong(98, {
            trackName: 'TRACK 2 ',
            artistName: 'artist 2',
            duration: 124,
            musicProviders: {},
            isrc: null,
          }),
        ],
      },
    });
    expect(res.duplicates).toBe(3);
    expect(res.added.map((x) => [x.position, x.trackName, x.status])).toEqual([
      [0, 'Home Grown', 'SUCCESS'],
      [1, 'Track 1', 'PENDING_REQUEST'],
      [2, 'Track 2', 'PENDING_REQUEST'],
    ]);
    expect(res.added[0]).toMatchObject({ songId: upload.id, songShortId: upload.songShortId });
    expect(res.crate.crateSongsNumber).toBe(3);
    expect(res.crate.thumbnails).toEqual([
      upload.thumbnails.uploadService,
      'https://img.example.test/1.jpg',
      'https://img.example.test/2.jpg',
    ]);
    // Inserted at a position; past the end appends.
    await A().call(c.addSongs, { params: { id }, body: { songs: [providerSong(3)], position: 1 } });
    await A().call(c.addSongs, {
      params: { id },
      body: { songs: [providerSong(4)], position: 1000 },
    });
    expect(await titles(alice.token, id)).toEqual([
      'Home Grown',
      'Track 3',
      'Track 1',
      'Track 2',
      'Track 4',
    ]);
    await expectError(
      A().call(c.addSongs, { params: { id }, body: { songs: [{ songId: 987654 }] } }),
      404,
      'Song not found: 987654.',
    );
    const got = await A().call(c.get, { params: { id } });
    expect(got.songs?.map((x) => x.position)).toEqual([0, 1, 2, 3, 4]);
  });

  it('moves, removes, shuffles, clears and keeps the current position', async () => {
    const crate = await create(alice.token);
    const id = crate.crateUuid;
    const { added } = await A().call(c.addSongs, {
      params: { id },
      body: { songs: [1, 2, 3, 4, 5].map((n) => providerSong(n)) },
    });
    const uuid = (n: number) => added[n - 1]!.crateSongUuid;
    await A().call(c.moveSong, {
      params: { id, crateSongUuid: uuid(1) },
      body: { newPosition: 99 },
    });
    expect(await titles(alice.token, id)).toEqual([
      'Track 2',
      'Track 3',
      'Track 4',
      'Track 5',
      'Track 1',
    ]);
    await A().call(c.moveSong, {
      params: { id, crateSongUuid: uuid(4) },
      body: { newPosition: 0 },
    });
    expect(await titles(alice.token, id)).toEqual([
      'Track 4',
      'Track 2',
      'Track 3',
      'Track 5',
      'Track 1',
    ]);
    const afterRemove = await A().call(c.removeSong, { params: { id, crateSongUuid: uuid(2) } });
    expect(afterRemove.crateSongsNumber).toBe(4);
    expect(await titles(alice.token, id)).toEqual(['Track 4', 'Track 3', 'Track 5', 'Track 1']);
    const pos = await A().call(c.currentPosition, {
      params: { id },
      body: { currentPosition: 2 },
    });
    expect(pos.currentPosition).toBe(2);
    const shuffled = await A().call(c.shuffle, { params: { id } });
    expect(shuffled.crateSongsNumber).toBe(4);
    const page = await A().call(c.songs, { params: { id }, query: {} });
    expect(page.songs.map((x) => x.position)).toEqual([0, 1, 2, 3]);
    expect(page.songs.map((x) => x.trackName).sort()).toEqual([
      'Track 1',
      'Track 3',
      'Track 4',
      'Track 5',
    ]);
    const cleared = await A().call(c.clear, { params: { id } });
    expect(cleared).toMatchObject({ crateSongsNumber: 0, currentPosition: 0, thumbnails: [] });
    expect((await A().call(c.songs, { params: { id }, query: {} })).total).toBe(0);
  });

  it('renames, describes and deletes a crate', async () => {
    const crate = await create(alice.token);
    const id = crate.crateUuid;
    const renamed = await A().call(c.update, {
      params: { id },
      body: { crateName: 'Sunday', description: null },
    });
    expect(renamed).toMatchObject({ crateName: 'Sunday', description: null });
    expect(await A().call(c.remove, { params: { id } })).toEqual({ success: true });
    await expectError(A().call(c.get, { params: { id } }), 404);
  });

  it('copies the songs of a readable crate, leaving out those already there', async () => {
    const src = await create(bob.token);
    await B().call(c.addSongs, {
      params: { id: src.crateUuid },
      body: { songs: [providerSong(10), providerSong(11)] },
    });
    const mine = await create(alice.token);
    await A().call(c.addSongs, {
      params: { id: mine.crateUuid },
      body: { songs: [providerSong(11)] },
    });
    const copied = await A().call(c.copy, {
      params: { id: mine.crateUuid },
      body: { srcCrateId: src.crateUuid },
    });
    expect(copied.crateSongsNumber).toBe(2);
    expect(await titles(alice.token, mine.crateUuid)).toEqual(['Track 11', 'Track 10']);
  });

  it('lets others read a crate but never change it', async () => {
    const crate = await create(alice.token, { crateName: 'Mine' });
    const id = crate.crateUuid;
    await A().call(c.addSongs, { params: { id }, body: { songs: [providerSong(20)] } });
    expect((await B().call(c.get, { params: { id } })).songs).toHaveLength(1);
    const denied = 'Unauthorized to edit a crate that not belongs to the user.';
    await expectError(
      B().call(c.addSongs, { params: { id }, body: { songs: [providerSong(21)] } }),
      403,
      denied,
    );
    await expectError(
      B().call(c.update, { params: { id }, body: { crateName: 'Hers' } }),
      403,
      denied,
    );
    await expectError(B().call(c.remove, { params: { id } }), 403, denied);
    await expectError(B().call(c.clear, { params: { id } }), 403, denied);
    await expectError(B().call(c.shuffle, { params: { id } }), 403, denied);
    const mine = await create(bob.token);
    await expectError(
      B().call(c.copy, { params: { id }, body: { srcCrateId: mine.crateUuid } }),
      403,
      denied,
    );
    const list = await B().call(c.listOfUser, { params: { userUuid: alice.uuid }, query: {} });
    expect(list.crates.some((x) => x.crateUuid === id)).toBe(true);
    expect(list.crates.some((x) => x.special === 'queue')).toBe(false);
    expect(list.crates.some((x) => x.special === 'likes')).toBe(true);
  });

  it('refuses guests and signed-out callers where a user is needed', async () => {
    await expectError(s.as(guest).call(c.create, { body: {} }), 403);
    await expectError(s.client.call(c.listMine, { query: {} }), 401);
    await expectError(s.as(guest).call(sp.get, { params: { special: 'queue' } }), 403);
  });

  it('serves the service routes to staff only', async () => {
    const crate = await create(alice.token);
    await A().call(c.addSongs, {
      params: { id: crate.crateUuid },
      body: { songs: [providerSong(30)] },
    });
    const all = await s
      .as(staff)
      .call(c.listOfUserService, { params: { userUuid: alice.uuid }, query: {} });
    expect(
      all.crates
        .filter((x) => x.special)
        .map((x) => x.special)
        .sort(),
    ).toEqual(['likes', 'queue']);
    const songs = await s.as(staff).call(c.serviceSongs, {
      params: { crateShortId: crate.crateShortId },
      query: {},
    });
    expect(songs.songs.map((x) => x.trackName)).toEqual(['Track 30']);
    const every = await s.as(staff).call(c.serviceAll, { query: { limit: 100 } });
    expect(every.count).toBeGreaterThanOrEqual(all.count);
    await expectError(s.as(alice.token).call(c.serviceAll, { query: {} }), 403);
    await expectError(
      s.as(staff).call(c.serviceSongs, { params: { crateShortId: 'unknown' }, query: {} }),
      404,
    );
    // A uuid that names no account lists nothing, and no crates are made for it.
    const nobody = { userUuid: '0e0a6f3c-1111-4222-8333-944445555666' };
    expect(await A().call(c.listOfUser, { params: nobody, query: {} })).toEqual({
      crates: [],
      count: 0,
    });
    expect((await s.as(staff).call(c.listOfUserService, { params: nobody, query: {} })).count).toBe(
      0,
    );
  });

  it('adds a catalogue track through /api/v1/playlists/{crateUuid}/tracks', async () => {
    const crate = await create(alice.token);
    const crateUuid = crate.crateUuid;
    await A().call(c.addSongs, { params: { id: crateUuid }, body: { songs: [providerSong(40)] } });
    const res = await A().call(c.addTrackV1, {
      params: { crateUuid },
      body: { songId: upload.songShortId, append: false },
    });
    expect(res.added.map((x) => x.position)).toEqual([0]);
    const again = await A().call(c.addTrackV1, {
      params: { crateUuid },
      body: { songId: upload.id },
    });
    expect(again).toMatchObject({ added: [], duplicates: 1 });
    expect(await titles(alice.token, crateUuid)).toEqual(['Home Grown', 'Track 40']);
  });
});

describe('special crates', () => {
  it('gives every user a queue ("default") and a starred list ("tt-stars")', async () => {
    const user = await s.createUser();
    const U = s.as(user.token);
    const [queue, again] = await Promise.all([
      U.call(sp.get, { params: { special: 'queue' } }),
      U.call(sp.get, { params: { special: 'queue' } }),
    ]);
    expect(queue.crateUuid).toBe(again.crateUuid);
    expect(queue).toMatchObject({ crateName: 'default', special: 'queue', userUuid: user.uuid });
    const likes = await U.call(sp.get, { params: { special: 'likes' } });
    expect(likes).toMatchObject({ crateName: 'tt-stars', special: 'likes' });
    expect((await U.call(c.listMine, { query: {} })).count).toBe(0);
    await expectError(
      A().call(c.get, { params: { id: queue.crateUuid } }),
      403,
      "Unauthorized to view another user's queue.",
    );
    expect((await A().call(c.get, { params: { id: likes.crateUuid } })).special).toBe('likes');
    const locked = 'The queue and the starred list cannot be deleted or renamed.';
    await expectError(U.call(c.remove, { params: { id: queue.crateUuid } }), 403, locked);
    await expectError(
      U.call(c.update, { params: { id: likes.crateUuid }, body: { crateName: 'x' } }),
      403,
      locked,
    );
    await expectError(s.as(guest).call(sp.songs, { params: { special: 'likes' }, query: {} }), 403);
    await expectError(U.call(sp.get, { params: { special: 'bin' as never } }), 400);
  });

  it('changes the songs of the queue through /crate/special/queue', async () => {
    const user = await s.createUser();
    const U = s.as(user.token);
    const params = { special: 'queue' as const };
    const { added } = await U.call(sp.addSongs, {
      params,
      body: { songs: [providerSong(50), providerSong(51), providerSong(52)] },
    });
    await U.call(sp.moveSong, {
      params: { ...params, crateSongUuid: added[2]!.crateSongUuid },
      body: { newPosition: 0 },
    });
    await U.call(sp.removeSong, { params: { ...params, crateSongUuid: added[0]!.crateSongUuid } });
    const page = await U.call(sp.songs, { params, query: {} });
    expect(page.songs.map((x) => [x.position, x.trackName])).toEqual([
      [0, 'Track 52'],
      [1, 'Track 51'],
    ]);
    const at = await U.call(sp.currentPosition, { params, body: { currentPosition: 1 } });
    expect(at.currentPosition).toBe(1);
    expect((await U.call(sp.shuffle, { params })).crateSongsNumber).toBe(2);
    expect((await U.call(sp.clear, { params })).crateSongsNumber).toBe(0);
    // Another user's crate song uuid is not in my queue.
    await expectError(
      U.call(sp.removeSong, { params: { ...params, crateSongUuid: added[1]!.crateSongUuid } }),
      404,
    );
    const liked = await U.call(sp.addSongs, {
      params: { special: 'likes' },
      body: { songs: [{ songId: upload.id }] },
    });
    expect(liked.crate as CrateDto).toMatchObject({ special: 'likes', crateSongsNumber: 1 });
  });
});
