import { SIMILAR_TRACKS_LIMIT, type SimilarTracksRes, type SongDataDto } from '@tt/protocol';
import type { Platform } from '../../../platform/service';
import { annotateCatalogue, fromProvider } from '../music';
import type { ProviderGateway } from '../providers';
import type { TrackAnalyses } from '../analysis/webhook';
import { MusicAnalysisClient } from './music-analysis';

/** Similar ids resolved through Spotify per request (enough to fill 8 after the filters). */
const CANDIDATES = 24;
/** Spotify lookups at once. */
const CONCURRENCY = 8;

/** ANALYSIS-4: a similar track counts only with a thumbnail and a positive duration. */
const counts = (s: SongDataDto) =>
  Object.values(s.thumbnails).some((t) => typeof t === 'string' && t !== '') && s.duration > 0;

/** Similar tracks are de-duplicated by track name and artist, ignoring case. */
const nameKey = (s: SongDataDto) =>
  `${s.trackName.trim().toLowerCase()}\u0000${s.artistName.trim().toLowerCase()}`;

/**
 * GET /song-data/{id}/spotify/similar: the music-analysis service names similar Spotify tracks,
 * Spotify describes them; kept are those with a thumbnail and a positive duration, one per
 * track name and artist (no case), the first 8 with a Spotify id (ANALYSIS-4). A track not
 * analysed yet (error code trackNotAnalyzed) is queued for analysis and answers no songs; any
 * other error, or a missing analysis service or Spotify, answers no songs.
 */
export class SimilarTracksService {
  private readonly client: MusicAnalysisClient | null;

  constructor(
    private readonly platform: Platform,
    private readonly gateway: ProviderGateway,
    private readonly analyses: TrackAnalyses,
  ) {
    const url = platform.config.MUSIC_ANALYSIS_URL;
    this.client = url
      ? new MusicAnalysisClient({ url, token: platform.config.MUSIC_ANALYSIS_TOKEN })
      : null;
  }

  async similar(spotifyId: string): Promise<SimilarTracksRes> {
    const log = this.platform.log;
    if (!this.client || !this.gateway.has('spotify')) return { status: 'unavailable', songs: [] };
    // ANALYSIS-1, ANALYSIS-3: with the webhook on, a queued track waits for its news.
    if (this.platform.config.MUSIC_ANALYSIS_WEBHOOK_SECRET) {
      const state = await this.analyses.state(spotifyId);
      if (state === 'waiting') return { status: 'enqueued', songs: [] };
      if (state === 'failed') return { status: 'unavailable', songs: [] };
    }
    let answer;
    try {
      answer = await this.client.similarTracks(spotifyId);
    } catch (err) {
      log.warn({ err, spotifyId }, 'Similar tracks: the music-analysis service failed');
      return { status: 'unavailable', songs: [] };
    }
    if (!answer.ok) {
      if (answer.code !== 'trackNotAnalyzed') {
        log.warn({ spotifyId, code: answer.code }, `Similar tracks: ${answer.message}`);
        return { status: 'unavailable', songs: [] };
      }
      try {
        await this.client.enqueue(spotifyId);
        await this.analyses.set(spotifyId, 'enqueued');
      } catch (err) {
        log.warn({ err, spotifyId }, 'Similar tracks: enqueueing the track failed');
        return { status: 'unavailable', songs: [] };
      }
      return { status: 'enqueued', songs: [] };
    }
    const ids = [...new Set(answer.ids)].filter((id) => id !== spotifyId).slice(0, CANDIDATES);
    const songs: SongDataDto[] = [];
    for (let i = 0; i < ids.length && songs.length < SIMILAR_TRACKS_LIMIT; i += CONCURRENCY) {
      const batch = await Promise.all(ids.slice(i, i + CONCURRENCY).map((id) => this.spotify(id)));
      for (const s of batch) {
        if (!s || !counts(s) || !s.musicProviders.spotify) continue;
        if (songs.some((k) => nameKey(k) === nameKey(s))) continue;
        songs.push(s);
      }
    }
    const kept = songs.slice(0, SIMILAR_TRACKS_LIMIT);
    const port = this.platform.ports.songs;
    return {
      status: 'ready',
      songs: port ? await annotateCatalogue(kept, (p, x) => port.findByProviderIds(p, x)) : kept,
    };
  }

  private async spotify(id: string): Promise<SongDataDto | null> {
    if (!/^[A-Za-z0-9]{22}$/.test(id)) return null;
    try {
      const song = await this.gateway.getSong('spotify', id);
      return song ? fromProvider(song) : null;
    } catch (err) {
      this.platform.log.warn({ err, id }, 'Similar tracks: a Spotify lookup failed');
      return null;
    }
  }
}
