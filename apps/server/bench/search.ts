import { appleSong } from '../test/fakes/apple';
import { audiusTrack } from '../test/fakes/audius';
import { sevenDigitalTrack } from '../test/fakes/seven-digital';
import { soundcloudTrack } from '../test/fakes/soundcloud';
import { spotifyTrack } from '../test/fakes/spotify';
import { youtubeVideo } from '../test/fakes/youtube';
import {
  addCatalogueSong,
  addHarbor,
  HARBOR,
  startPlaylistWorld,
} from '../src/services/playlist/test-kit';
import { load, type LoadResult } from './http';

export interface SearchBenchOptions {
  seconds: number;
  concurrency: number;
  /** Catalogue songs to search through. */
  catalogueSongs: number;
}

const WORDS = ['amber', 'bright', 'copper', 'drift', 'echo', 'fable', 'glass', 'harbor', 'ivory'];

/**
 * Search and song-data throughput (playlist service) against local provider fakes:
 * - catalogue search (one source, PostgreSQL/PGlite ILIKE over `catalogueSongs` songs), plain
 *   and v2 relevance ranking;
 * - the merged search of every source (catalogue + six providers, each a local HTTP fake);
 * - song data by provider id: a complete catalogue song (no provider call, SONG-DATA-LAZY-1) and
 *   a song matched at the five other providers on every call.
 */
export async function searchScenarios(o: SearchBenchOptions): Promise<LoadResult[]> {
  const w = await startPlaylistWorld({ SEARCH_V2: 'true', LOG_LEVEL: 'warn' });
  try {
    for (let i = 0; i < o.catalogueSongs; i++) {
      const a = WORDS[i % WORDS.length];
      const b = WORDS[Math.floor(i / WORDS.length) % WORDS.length];
      await addCatalogueSong(w.s, {
        trackName: `${a} ${b} ${i}`,
        artistName: `The ${b} Band`,
        genre: i % 2 ? 'House' : 'Ambient',
      });
    }
    for (let i = 0; i < 40; i++) {
      const sp = `BenchAmberSpotify${String(i).padStart(5, '0')}`;
      w.spotify.tracks.set(sp, spotifyTrack(sp, { name: `Amber Light ${i}` }));
      w.apple.songs.set(`66${i}`, appleSong(`66${i}`, { name: `Amber Light ${i}` }));
      w.soundcloud.tracks.set(`66${i}`, soundcloudTrack(6600 + i, { title: `Amber Light ${i}` }));
      w.audius.tracks.set(`am${i}`, audiusTrack(`am${i}`, { title: `Amber Light ${i}` }));
      const yt = `AmberVid${String(i).padStart(3, '0')}`;
      w.youtube.videos.set(yt, youtubeVideo(yt, 'PT3M', { title: `Amber Light ${i}` }));
      w.sevenDigital.tracks.set(
        String(6600 + i),
        sevenDigitalTrack(6600 + i, { title: `Amber Light ${i}` }),
      );
    }
    addHarbor(w);
    const user = await w.s.createUser();
    const staff = await w.s.createUser({ roles: ['user', 'staff'] });
    const headers = { authorization: `Bearer ${user.token}` };
    const base = `${w.s.url}/api/playlist-service`;
    // Midnight Harbor from Apple into the catalogue with every provider: the complete path.
    const imported = await fetch(`${base}/song-data/${HARBOR.apple}/apple/service`, {
      headers: { authorization: `Bearer ${staff.token}` },
    });
    if (!imported.ok) throw new Error(`import failed: ${imported.status}`);
    // A song known only at Spotify: matched at the other providers on every call.
    const lone = 'BenchAmberSpotify00007';
    const opts = { seconds: o.seconds, concurrency: o.concurrency };
    const get = (path: string) => () => fetch(`${base}${path}`, { headers });
    return [
      await load(
        `GET /search catalogue (${o.catalogueSongs} songs)`,
        opts,
        get('/search?q=harbor&source=uploadService'),
      ),
      await load(
        'GET /search/v2 catalogue, relevance, 2 words',
        opts,
        get('/search/v2?q=harbor%20amber&source=uploadService'),
      ),
      await load(
        'GET /search every source (catalogue + 6 provider fakes)',
        opts,
        get('/search?q=amber%20light'),
      ),
      await load(
        'GET /song-data/{id}/spotify/providers (complete catalogue song)',
        opts,
        get(`/song-data/${HARBOR.spotify}/spotify/providers`),
      ),
      await load(
        'GET /song-data/{id}/spotify/providers (matched at 5 providers)',
        opts,
        get(`/song-data/${lone}/spotify/providers`),
      ),
    ];
  } finally {
    await w.close();
  }
}
