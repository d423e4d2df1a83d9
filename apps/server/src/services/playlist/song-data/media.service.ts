import {
  songHlsPaths,
  songProviderKey,
  type SongDataProvider,
  type SongPreviewRes,
  type SongProvider,
  type SongStreamRes,
  type SongStreamUrls,
  type StreamQuality,
} from '@tt/protocol';
import { fail } from '../../../platform/errors';
import type { SoundcloudStreams } from '../../../platform/providers/soundcloud';
import type { Platform } from '../../../platform/service';
import { PROVIDER_NAMES } from '../music';
import type { ProviderGateway } from '../providers';
import { asHttpError } from './song-data.service';

/** The song whose media is asked for: its provider ids, stored previews and stream URLs. */
interface MediaSong {
  musicProviders: Partial<Record<SongProvider, string>>;
  previews: string[];
  streamUrls: Partial<Record<SongProvider, SongStreamUrls>>;
  /** A verified upload's short id: its HLS rendition is ours. */
  verifiedUpload: string | null;
  /** Asked for by provider id: not-found is a 404 and a provider failure a 502. */
  strict: boolean;
}

/** SoundCloud's renditions by quality: low → Opus 64, standard → MP3 128, high → AAC 160. */
function soundcloudStream(s: SoundcloudStreams, quality: StreamQuality): SongStreamUrls | null {
  const hls =
    quality === 'low'
      ? (s.hls_opus_64_url ?? s.hls_mp3_128_url)
      : quality === 'high'
        ? (s.hls_aac_160_url ?? s.hls_mp3_128_url)
        : (s.hls_mp3_128_url ?? s.hls_aac_160_url);
  const http = s.http_mp3_128_url;
  if (!hls && !http) return null;
  return { ...(http ? { http } : {}), ...(hls ? { hls } : {}) };
}

/**
 * GET /song-data/stream/{country}/{id} and /song-data/preview/{country}/{id}: where a song can
 * be streamed and previewed, per provider. Our uploads stream as our HLS (any quality: one
 * 128 kbps AAC rendition); SoundCloud by quality; Audius from its stream URL. Previews come
 * from Spotify (the country's market), Apple Music and SoundCloud. A provider that fails is
 * logged and left out. 7digital streams and clips need OAuth 1.0a request signing with a
 * consumer secret the platform does not hold, so they are not offered.
 */
export class SongMediaService {
  constructor(
    private readonly platform: Platform,
    private readonly gateway: ProviderGateway,
  ) {}

  private async song(id: string, provider: SongDataProvider | undefined): Promise<MediaSong> {
    const key = provider ? songProviderKey(provider) : 'uploadService';
    if (key !== 'uploadService') {
      this.gateway.check(key, id);
      return {
        musicProviders: { [key]: id },
        previews: [],
        streamUrls: {},
        verifiedUpload: null,
        strict: true,
      };
    }
    const port = this.platform.ports.songs;
    if (!port) throw fail('CATALOGUE_UNAVAILABLE');
    const song = await port.get(id);
    if (!song) throw fail('SONG_NOT_FOUND');
    const upload = song.musicProviders.uploadService;
    return {
      musicProviders: song.musicProviders,
      previews: song.previews,
      streamUrls: song.streamUrls,
      verifiedUpload: upload && song.status === 'VERIFIED' ? song.songShortId : null,
      strict: false,
    };
  }

  /**
   * Runs one provider's part. For a catalogue song a failure is logged and gives nothing; for a
   * song asked for by provider id, not-found is a 404 and a failure a 502.
   */
  private async part<T>(
    song: MediaSong,
    provider: SongProvider,
    fn: () => Promise<T | null>,
  ): Promise<T | null> {
    try {
      const found = await fn();
      if (found === null && song.strict) {
        throw fail(
          'PROVIDER_SONG_NOT_FOUND',
          `This song was not found at ${PROVIDER_NAMES[provider]}.`,
        );
      }
      return found;
    } catch (err) {
      if (song.strict) throw asHttpError(err);
      this.platform.log.warn({ err, provider }, 'Song media lookup failed');
      return null;
    }
  }

  /** A provider song asked for by id must exist there, even when it gives no media. */
  private async exists(song: MediaSong, country: string): Promise<void> {
    if (!song.strict) return;
    const [provider, id] = Object.entries(song.musicProviders)[0] as [SongProvider, string];
    if (provider === 'soundCloudPublic' || !this.gateway.has(provider)) return;
    await this.part(song, provider, () => this.gateway.getSong(provider, id, country));
  }

  async stream(
    country: string,
    id: string,
    quality: StreamQuality,
    provider?: SongDataProvider,
  ): Promise<SongStreamRes> {
    const song = await this.song(id, provider);
    await this.exists(song, country);
    const streamUrls: Partial<Record<SongProvider, SongStreamUrls>> = { ...song.streamUrls };
    delete streamUrls.uploadService;
    if (song.verifiedUpload)
      streamUrls.uploadService = { hls: songHlsPaths.playlist(song.verifiedUpload) };
    const sc = song.musicProviders.soundCloudPublic;
    const soundcloud = this.gateway.clients.soundcloud;
    if (sc && soundcloud) {
      const s = await this.part(song, 'soundCloudPublic', () =>
        this.gateway.call('soundCloudPublic', () => soundcloud.getStreams(sc)),
      );
      const urls = s && soundcloudStream(s, quality);
      if (urls) streamUrls.soundCloudPublic = urls;
    }
    const au = song.musicProviders.audius;
    if (au && this.gateway.clients.audius) {
      streamUrls.audius = { http: this.gateway.clients.audius.streamUrl(au) };
    }
    return { country, quality, streamUrls };
  }

  async preview(country: string, id: string, provider?: SongDataProvider): Promise<SongPreviewRes> {
    const song = await this.song(id, provider);
    const [only] = Object.keys(song.musicProviders);
    if (song.strict && !['spotify', 'apple', 'soundCloudPublic'].includes(only)) {
      await this.exists(song, country);
    }
    const byProvider: Partial<Record<SongProvider, string>> = {};
    const c = this.gateway.clients;
    const p = song.musicProviders;
    await Promise.all([
      p.spotify && c.spotify
        ? this.part(song, 'spotify', async () => {
            const s = await this.gateway.getSong('spotify', p.spotify!, country);
            if (s?.previews[0]) byProvider.spotify = s.previews[0];
            return s;
          })
        : null,
      p.apple && c.apple
        ? this.part(song, 'apple', async () => {
            const s = await this.gateway.getSong('apple', p.apple!, country);
            if (s?.previews[0]) byProvider.apple = s.previews[0];
            return s;
          })
        : null,
      p.soundCloudPublic && c.soundcloud
        ? this.part(song, 'soundCloudPublic', async () => {
            const s = await this.gateway.call('soundCloudPublic', () =>
              c.soundcloud!.getStreams(p.soundCloudPublic!),
            );
            if (s?.preview_mp3_128_url) byProvider.soundCloudPublic = s.preview_mp3_128_url;
            return s;
          })
        : null,
    ]);
    const order: SongProvider[] = ['spotify', 'apple', 'soundCloudPublic'];
    const fresh = order.map((k) => byProvider[k]).filter((u): u is string => Boolean(u));
    return { country, previews: [...new Set([...fresh, ...song.previews])], byProvider };
  }
}
