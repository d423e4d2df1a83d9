import { setTimeout as sleep } from 'node:timers/promises';
import type { SongDto } from '@tt/protocol';
import { awaitsVerification } from '@tt/rules';
import type { Platform } from '../../platform/service';
import { DemoRenderer, RENDER_PRIORITY } from './demo/render-offthread';
import { DEMO_TRACKS, type DemoTrack } from './demo/tracks';
import { removeSongFiles } from './files';
import { SongRepository, type SongRow } from './repository';
import { toSongDto } from './service';
import { SongUploadService } from './upload.service';

/**
 * The demo catalogue (demo/tracks.ts): original instrumental tracks synthesised here
 * (demo/render.ts) and ingested through the upload pipeline, so each becomes a VERIFIED song with
 * encrypted HLS and a generated cover once its transcode job has run. Nothing is downloaded.
 * The synthesis runs in a child process at low priority, off the server's event loop
 * (DEMO-RENDER-1, demo/render-offthread.ts).
 *
 * Idempotent: a track whose song exists (verified, or waiting for its transcode) is not made
 * again; a song the pipeline gave up on is removed and made again.
 */

export interface DemoSeedOptions {
  /** The first `count` tracks of the catalogue (all by default). */
  count?: number;
  /** Render at most this many seconds of each track (quick catalogues for tests). */
  maxSeconds?: number;
  /** Songs handed to the transcoder and not verified yet, at most (default 2). */
  inFlight?: number;
  /** Stops between steps; the next run completes the catalogue. */
  signal?: AbortSignal;
  /**
   * The renderer's niceness (DEMO-RENDER-1): 0 by default for a caller that waits for the
   * catalogue (tests, scripts); the background seeding of a server's start renders at 19, taking
   * only the CPU nothing else wants.
   */
  renderPriority?: number;
}

/** How often songs waiting for their transcode are looked at. */
const POLL_MS = 250;

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A song the demo catalogue made for `track`: nobody uploaded it, no other provider has it. */
const isDemoSong = (row: SongRow, track: DemoTrack) =>
  row.uploadedBy === null &&
  row.artistName === track.artistName &&
  Object.keys(row.musicProviders).every((p) => p === 'uploadService');

type Progress = 'ready' | 'working' | 'failed';
const progress = (row: SongRow): Progress =>
  row.status === 'VERIFIED' ? 'ready' : awaitsVerification(row.status) ? 'working' : 'failed';
const RANK: Record<Progress, number> = { ready: 0, working: 1, failed: 2 };

/**
 * The demo songs of `tracks` by title: the best one of each (verified, else still working, else
 * failed). With `removeFailed`, songs the pipeline gave up on (or left half made) are removed
 * instead, so that their track is made again.
 */
async function demoSongs(
  platform: Platform,
  repo: SongRepository,
  tracks: DemoTrack[],
  removeFailed: boolean,
) {
  const byTitle = new Map(tracks.map((t) => [t.trackName, t]));
  const found = new Map<string, SongRow>();
  for (const row of await repo.unownedByTitles([...byTitle.keys()])) {
    const track = byTitle.get(row.trackName);
    if (!track || !isDemoSong(row, track)) continue;
    if (removeFailed && progress(row) === 'failed') {
      platform.log.warn(
        { shortId: row.shortId, status: row.status },
        `demo catalogue: "${row.trackName}" is made again`,
      );
      await removeSongFiles(platform.storage, row.shortId);
      await repo.delete(row.id);
      continue;
    }
    const kept = found.get(track.trackName);
    if (!kept || RANK[progress(row)] < RANK[progress(kept)]) found.set(track.trackName, row);
  }
  return found;
}

/**
 * Makes the demo songs that are missing (and again those the pipeline gave up on), waits until
 * every one is verified or has failed, and answers the demo songs of the selected tracks in
 * catalogue order. Logs "demo catalogue: n/total songs ready" as songs get verified.
 */
export async function seedDemoCatalogue(
  platform: Platform,
  opts: DemoSeedOptions = {},
): Promise<SongDto[]> {
  const { log } = platform;
  const tracks = DEMO_TRACKS.slice(0, opts.count ?? DEMO_TRACKS.length);
  const repo = new SongRepository(platform.db);
  const uploads = new SongUploadService(platform, repo);
  const limit = Math.max(1, opts.inFlight ?? 2);
  const signal = opts.signal;

  const found = await demoSongs(platform, repo, tracks, true);
  let ready = [...found.values()].filter((row) => progress(row) === 'ready').length;
  /** Song id → title, for the songs waiting for their transcode. */
  const waiting = new Map<number, string>();
  for (const row of found.values())
    if (progress(row) === 'working') waiting.set(row.id, row.trackName);
  const report = () => log.info(`demo catalogue: ${ready}/${tracks.length} songs ready`);

  /** Waits until at most `most` songs are waiting for their transcode. */
  const settle = async (most: number) => {
    while (waiting.size > most) {
      await sleep(POLL_MS, undefined, { signal });
      for (const [id, title] of waiting) {
        const row = await repo.byIdOrShortId(String(id));
        const now = row ? progress(row) : 'failed';
        if (now === 'working') continue;
        waiting.delete(id);
        if (now === 'ready') {
          ready++;
          report();
        } else {
          log.warn({ status: row?.status }, `demo catalogue: "${title}" was not verified`);
        }
      }
    }
  };

  const renderer = new DemoRenderer(opts.renderPriority ?? 0);
  try {
    for (const track of tracks) {
      if (found.has(track.trackName)) continue;
      await settle(limit - 1);
      signal?.throwIfAborted();
      const fresh = renderer.pid === undefined;
      const { wav, pid, priority } = await renderer.render(track, {
        maxSeconds: opts.maxSeconds,
        signal,
      });
      if (fresh)
        log.info(
          { pid, priority },
          `demo catalogue: rendering in a child process (pid ${pid}, priority ${priority})`,
        );
      const song = await uploads.ingest({
        data: wav,
        fileName: `${slug(track.trackName)}.wav`,
        trackName: track.trackName,
        artistName: track.artistName,
        genre: track.genre,
        albumName: track.albumName,
        releaseYear: track.releaseYear,
        uploadedBy: null,
      });
      waiting.set(song.id, track.trackName);
    }
  } finally {
    // DEMO-RENDER-1: the renderer is not kept once the catalogue's tracks are rendered.
    renderer.close();
  }
  await settle(0);

  const songs = await demoSongs(platform, repo, tracks, false);
  return tracks.flatMap((t) => {
    const row = songs.get(t.trackName);
    return row ? [toSongDto(row)] : [];
  });
}

/** The background seeding of each platform (one at a time). */
const running = new WeakMap<Platform, { abort: AbortController; done: Promise<void> }>();

/**
 * First start: makes the demo catalogue in the background (the server does not wait) and
 * answers the start banner's line. Nothing to do when every demo song is verified. `opts`
 * (count, maxSeconds) make a smaller catalogue, for tests.
 */
export async function startDemoCatalogue(
  platform: Platform,
  opts: Pick<DemoSeedOptions, 'count' | 'maxSeconds' | 'renderPriority'> = {},
): Promise<string[]> {
  const repo = new SongRepository(platform.db);
  const tracks = DEMO_TRACKS.slice(0, opts.count ?? DEMO_TRACKS.length);
  const found = await demoSongs(platform, repo, tracks, false);
  const ready = [...found.values()].filter((row) => progress(row) === 'ready').length;
  const total = tracks.length;
  if (ready === total) return [`${total} demo songs`];
  if (!running.has(platform)) {
    const abort = new AbortController();
    platform.log.info(`demo catalogue: ${ready}/${total} songs ready, rendering the rest`);
    const done = seedDemoCatalogue(platform, {
      renderPriority: RENDER_PRIORITY,
      ...opts,
      signal: abort.signal,
    }).then(
      (songs) => {
        const verified = songs.filter((s) => s.status === 'VERIFIED').length;
        platform.log.info(`demo catalogue: done, ${verified}/${total} songs ready`);
      },
      (err) => {
        if (abort.signal.aborted) {
          platform.log.info('demo catalogue: stopped; the next start completes it');
        } else {
          platform.log.error({ err }, 'demo catalogue: seeding failed');
        }
      },
    );
    running.set(platform, { abort, done });
  }
  const status = ready > 0 ? `${ready} ready, the rest rendering` : 'rendering';
  return [`${total} demo songs (${status} in the background)`];
}

/** Stops the background seeding of this platform (server shutdown) and waits for it. */
export async function stopDemoCatalogue(platform: Platform): Promise<void> {
  const seeding = running.get(platform);
  if (!seeding) return;
  seeding.abort.abort();
  await seeding.done;
  running.delete(platform);
}
