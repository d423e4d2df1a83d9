import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { songEndpoints as e, songHlsPaths, type SongDto, type SongListRes } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import { SongRepository } from '../repository';
import { seedDemoCatalogue, startDemoCatalogue, stopDemoCatalogue } from '../seed';
import { DEMO_TRACKS } from './tracks';

/**
 * Short renders: the pipeline is the same for 8 seconds as for 4 minutes. The first start's
 * renderer runs at niceness 0 here (19 by default, render-offthread.test.ts): on a machine busy
 * with other tests a render at 19 waits for them all.
 */
const SECONDS = 8;

let s: TestServer;
let repo: SongRepository;

beforeAll(async () => {
  s = await startTestServer();
  repo = new SongRepository(s.app.platform.db);
});
afterAll(() => s?.close());

/**
 * Polls GET /songs (verified songs only) over HTTP until its page holds `count` songs (its
 * total is counted apart from the page, so a song verified between the two reads can be in the
 * total and not yet on the page). Fails after two minutes: a generous bound, not a timing.
 */
async function listed(count: number): Promise<SongListRes> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const list = await s.client.call(e.list, { query: { limit: 50 } });
    if (list.songs.length >= count) return list;
    if (Date.now() > deadline)
      throw new Error(`${list.songs.length} of ${count} songs after two minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const ids = (songs: SongDto[]) => songs.map((x) => x.id);

describe('seeding the demo catalogue', () => {
  let first: SongDto[];

  it('renders tracks (DEMO-RENDER-1: in a child process) and ingests them: VERIFIED songs with HLS and a generated cover', async () => {
    const info = vi.spyOn(s.app.platform.log, 'info');
    const seeding = seedDemoCatalogue(s.app.platform, { count: 3, maxSeconds: SECONDS });
    const list = await listed(3);
    first = await seeding;
    expect(first.map((x) => x.trackName)).toEqual(DEMO_TRACKS.slice(0, 3).map((t) => t.trackName));
    expect(list.songs.map((x) => x.id).sort()).toEqual(ids(first).sort());

    for (const [i, track] of DEMO_TRACKS.slice(0, 3).entries()) {
      const id = first[i].songShortId;
      const song = await s.client.call(e.get, { params: { id } });
      expect(song).toMatchObject({
        trackName: track.trackName,
        artistName: track.artistName,
        genre: track.genre,
        albumName: track.albumName,
        releaseYear: track.releaseYear,
        duration: SECONDS,
        status: 'VERIFIED',
        explicit: false,
        uploadedBy: null,
        musicProviders: { uploadService: id },
        thumbnails: { uploadService: `/api/song-service/songs/${id}/cover.svg` },
        streamUrls: { uploadService: { hls: songHlsPaths.playlist(id) } },
      });

      const playlist = await fetch(`${s.url}${song.streamUrls.uploadService!.hls}`);
      expect(playlist.status).toBe(200);
      const m3u8 = await playlist.text();
      expect(m3u8).toMatch(/^#EXTM3U/);
      expect(m3u8).toContain('#EXT-X-KEY:METHOD=AES-128');
      const segment = m3u8.split('\n').find((l) => l.startsWith('/api/song-service/songs/'))!;
      const bytes = await fetch(`${s.url}${segment}`);
      expect(bytes.status).toBe(200);
      expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(1000);

      const cover = await fetch(`${s.url}${song.thumbnails.uploadService}`);
      expect(cover.status).toBe(200);
      expect(cover.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    }
    const lines = info.mock.calls.map((c) => c[0]);
    expect(lines).toEqual(
      expect.arrayContaining([1, 2, 3].map((n) => `demo catalogue: ${n}/3 songs ready`)),
    );
    // DEMO-RENDER-1: the tracks were synthesised in a child process, not on this event loop.
    const child = info.mock.calls.find(
      (c) => typeof c[1] === 'string' && c[1].startsWith('demo catalogue: rendering in a child'),
    );
    expect(child?.[0]).toMatchObject({ priority: 0 }); // a caller that waits: 0 (a start's: 19)
    expect((child?.[0] as unknown as { pid: number }).pid).not.toBe(process.pid);
    info.mockRestore();
  });

  it('seeds once: a second run adds nothing and answers the same songs', async () => {
    const again = await seedDemoCatalogue(s.app.platform, { count: 3, maxSeconds: SECONDS });
    expect(ids(again)).toEqual(ids(first));
    expect((await s.client.call(e.list, { query: { limit: 50 } })).total).toBe(3);
    const titles = DEMO_TRACKS.slice(0, 3).map((t) => t.trackName);
    expect(await repo.unownedByTitles(titles)).toHaveLength(3);
  });

  it('completes a partly seeded catalogue, making again what the pipeline gave up on', async () => {
    // The second song failed its transcode (as a crash or a bad file would leave it).
    await repo.update(first[1].id, { status: 'VERIFICATION_ERROR' });
    const songs = await seedDemoCatalogue(s.app.platform, { count: 4, maxSeconds: SECONDS });
    expect(songs.map((x) => x.trackName)).toEqual(DEMO_TRACKS.slice(0, 4).map((t) => t.trackName));
    expect(songs.every((x) => x.status === 'VERIFIED')).toBe(true);
    expect([songs[0].id, songs[2].id]).toEqual([first[0].id, first[2].id]);
    expect(songs[1].id).not.toBe(first[1].id);
    await expectError(
      s.client.call(e.get, { params: { id: first[1].songShortId } }),
      404,
      'Song not found.',
    );
    expect((await s.client.call(e.list, { query: { limit: 50 } })).total).toBe(4);
  });
});

describe('the first start', () => {
  it('answers the banner at once and renders the rest in the background', async () => {
    const platform = s.app.platform;
    // Four of five are there (above): the fifth renders in the background.
    expect(
      await startDemoCatalogue(platform, { count: 5, maxSeconds: SECONDS, renderPriority: 0 }),
    ).toEqual(['5 demo songs (4 ready, the rest rendering in the background)']);
    const list = await listed(5);
    expect(list.songs.map((x) => x.trackName)).toContain(DEMO_TRACKS[4].trackName);
    await stopDemoCatalogue(platform);
    expect(
      await startDemoCatalogue(platform, { count: 5, maxSeconds: SECONDS, renderPriority: 0 }),
    ).toEqual(['5 demo songs']);
  });

  it('stops with the server; the next start completes the catalogue', async () => {
    const platform = s.app.platform;
    const [line] = await startDemoCatalogue(platform, {
      count: 6,
      maxSeconds: SECONDS,
      renderPriority: 0,
    });
    expect(line).toBe('6 demo songs (5 ready, the rest rendering in the background)');
    await stopDemoCatalogue(platform); // whether or not the sixth was made yet
    await startDemoCatalogue(platform, { count: 6, maxSeconds: SECONDS, renderPriority: 0 });
    const list = await listed(6);
    expect(list.total).toBe(6);
    await stopDemoCatalogue(platform);
    expect(
      await repo.unownedByTitles(DEMO_TRACKS.slice(0, 6).map((t) => t.trackName)),
    ).toHaveLength(6);
  });
});
