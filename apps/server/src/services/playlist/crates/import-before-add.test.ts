import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  crateEndpoints as c,
  notificationCentreEndpoints as n,
  playlistCatalogueEndpoints as e,
  specialCrateEndpoints as sc,
} from '@tt/protocol';
import { importSourceOf } from '@tt/rules';
import { spotifyTrack } from '../../../../test/fakes/spotify';
import { expectError } from '../../../../test/harness';
import { CatalogueService } from '../catalogue/catalogue.service';
import { ProviderGateway } from '../providers';
import { addHarbor, HARBOR, startPlaylistWorld, type PlaylistWorld } from '../test-kit';
import { CrateSweep } from './sweep.service';
import { providerSong } from './test-kit';

let w: PlaylistWorld;
let dj: { uuid: string; token: string };
let other: { uuid: string; token: string };
let sweep: CrateSweep;
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  w = await startPlaylistWorld();
  addHarbor(w);
  w.spotify.tracks.set(
    'SweepLaterSpotify00001',
    spotifyTrack('SweepLaterSpotify00001', {
      name: 'Late Bloomer',
      artists: [{ id: 'l', name: 'Waiting Band' }],
    }),
  );
  dj = await w.s.createUser({ nickname: 'Import DJ' });
  other = await w.s.createUser();
  const platform = w.s.app.platform;
  // The sweep's handler, driven by the test (no timers).
  sweep = new CrateSweep(
    platform,
    new CatalogueService(platform, new ProviderGateway(platform.providers, platform.log)),
  );
});
afterAll(() => w.close());

const as = (token: string | null) => w.s.as(token);
const importTrack = (token: string | null, musicProvider: string, providerId: string) =>
  as(token).call(e.trackImport, { body: { musicProvider, providerId } });

describe('CRATE-IMPORT-2: a provider song is imported, then added', () => {
  it('imports from search data and adds the catalogue song complete (status SUCCESS)', async () => {
    const found = providerSong(1, {
      trackName: 'Midnight Harbor',
      artistName: 'Nova Lights',
      musicProviders: { spotify: HARBOR.spotify, youtube: HARBOR.youtube },
    });
    const source = importSourceOf(found)!;
    expect(source).toEqual({ musicProvider: 'spotify', providerId: HARBOR.spotify });
    const { song } = await importTrack(dj.token, source.musicProvider, source.providerId);
    const crate = await as(dj.token).call(c.create, { body: { crateName: 'Imported first' } });
    const res = await as(dj.token).call(c.addSongs, {
      params: { id: crate.crateUuid },
      body: { songs: [{ songShortId: song.songShortId }] },
    });
    expect(res.added).toHaveLength(1);
    expect(res.added[0]).toMatchObject({
      songId: song.id,
      songShortId: song.songShortId,
      trackName: 'Midnight Harbor',
      status: 'SUCCESS',
    });
    // The queue takes it the same way.
    const queued = await as(dj.token).call(sc.addSongs, {
      params: { special: 'queue' },
      body: { songs: [{ songId: song.id }] },
    });
    expect(queued.added[0]!.status).toBe('SUCCESS');
  });

  it('CRATE-IMPORT-2: tells the two "Sorry, …" messages', async () => {
    // No provider the catalogue imports from.
    expect(importSourceOf({ musicProviders: {} })).toBeNull();
    await expectError(
      importTrack(dj.token, 'myspace', 'abc'),
      400,
      'Sorry, this song does not have any supported music providers to import from.',
    );
    // The provider does not have it: a refusal below 500.
    const err = await expectError(importTrack(dj.token, 'uploadService', 'noSuchSong1'), 404);
    expect(err.message).toBe("Sorry, this song is not in our catalog and can't be imported.");
  });

  it('refuses bad input, a missing token, a guest and a crate of someone else', async () => {
    await expectError(importTrack(dj.token, 'spotify', 'has spaces'), 400);
    await expectError(importTrack(null, 'spotify', HARBOR.spotify), 401);
    const guest = (await w.s.client.call(authEndpoints.guest, {})).accessToken;
    await expectError(importTrack(guest, 'spotify', HARBOR.spotify), 403);
    const { song } = await importTrack(dj.token, 'spotify', HARBOR.spotify);
    const theirs = await as(other.token).call(c.create, { body: { crateName: 'Not yours' } });
    await expectError(
      as(dj.token).call(c.addSongs, {
        params: { id: theirs.crateUuid },
        body: { songs: [{ songId: song.id }] },
      }),
      403,
    );
    await expectError(
      as(null).call(c.addSongs, {
        params: { id: theirs.crateUuid },
        body: { songs: [{ songId: song.id }] },
      }),
      401,
    );
  });
});

describe('CRATE-IMPORT-3: the sweep of songs left waiting for their data', () => {
  it('fills songs it can import, removes the unimportable ones and tells the owner', async () => {
    const crate = await as(dj.token).call(c.create, { body: { crateName: 'Old raw adds' } });
    // Added raw, as apps did before importing first.
    await as(dj.token).call(c.addSongs, {
      params: { id: crate.crateUuid },
      body: {
        songs: [
          providerSong(11, {
            trackName: 'Late Bloomer',
            artistName: 'Waiting Band',
            musicProviders: { spotify: 'SweepLaterSpotify00001' },
          }),
          providerSong(12, { trackName: 'Gone Track', musicProviders: { spotify: 'GoneGone' } }),
          providerSong(13, { trackName: 'Nowhere Track', musicProviders: {} }),
        ],
      },
    });
    const before = await as(dj.token).call(c.songs, { params: { id: crate.crateUuid }, query: {} });
    expect(before.songs.map((s) => s.status)).toEqual([
      'PENDING_REQUEST',
      'PENDING_REQUEST',
      'PENDING_REQUEST',
    ]);

    const res = await sweep.run();
    expect(res.filled).toBeGreaterThanOrEqual(1);
    expect(res.removed).toBeGreaterThanOrEqual(2);

    const after = await as(dj.token).call(c.songs, { params: { id: crate.crateUuid }, query: {} });
    expect(after.total).toBe(1);
    expect(after.songs[0]).toMatchObject({ trackName: 'Late Bloomer', status: 'SUCCESS' });
    expect(after.songs[0]!.songShortId).toBeTruthy();
    const got = await as(dj.token).call(c.get, { params: { id: crate.crateUuid } });
    expect(got.crateSongsNumber).toBe(1);

    // The owner is told, through the notification centre.
    let told;
    for (let i = 0; i < 400 && !told; i++) {
      const page = await as(dj.token).call(n.list, { query: {} });
      told = page.notifications.find((x) => x.title === '2 songs removed from Old raw adds');
      if (!told) await new Promise((r) => setTimeout(r, 25));
    }
    expect(told).toBeDefined();
    expect(told!.body).toContain('Gone Track');
    expect(told!.link).toBe(`/crates/${crate.crateUuid}`);
  });

  it('keeps a song whose provider is down, and removes it once past the age limit', async () => {
    const crate = await as(dj.token).call(c.create, { body: { crateName: 'Provider down' } });
    await as(dj.token).call(c.addSongs, {
      params: { id: crate.crateUuid },
      body: {
        songs: [providerSong(21, { musicProviders: { spotify: 'DownForNow000000000001' } })],
      },
    });
    // Spotify refuses every token for now: the import fails with 502 (transient).
    w.spotify.refuseNext = 1_000;
    try {
      const kept = await sweep.run();
      expect(kept.waiting).toBeGreaterThanOrEqual(1);
      const still = await as(dj.token).call(c.songs, {
        params: { id: crate.crateUuid },
        query: {},
      });
      expect(still.songs.map((s) => s.status)).toEqual(['PENDING_REQUEST']);
      // A day later, still failing: removed.
      await sweep.run(new Date(Date.now() + DAY + 60_000));
    } finally {
      w.spotify.refuseNext = 0;
    }
    const gone = await as(dj.token).call(c.songs, { params: { id: crate.crateUuid }, query: {} });
    expect(gone.total).toBe(0);
  });
});
