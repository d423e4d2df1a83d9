import type { SongDataDto, SongDataQuery, SongDto, SongProvider } from '@tt/protocol';
import { songProviderKey, type SongDataProvider } from '@tt/protocol';
import { needsSongDataCompletion } from '@tt/rules';
import { AppError, fail } from '../../../platform/errors';
import type { SongsPort } from '../../../platform/ports';
import type { Platform } from '../../../platform/service';
import {
  fromCatalogue,
  fromProvider,
  mergeSongData,
  PROVIDER_NAMES,
  toProviderSong,
} from '../music';
import { ProviderFailure, type AdapterProvider, type ProviderGateway } from '../providers';
import { parseSongLink } from './links';
import { SongMatcher } from './matching';

/** A provider failure as the API answers it: 502 naming the provider. */
export function asHttpError(err: unknown): unknown {
  if (err instanceof ProviderFailure) {
    return fail(
      'MUSIC_PROVIDER_FAILED',
      `${PROVIDER_NAMES[err.provider]} did not answer, please try again.`,
    );
  }
  return err;
}

/**
 * Song data (/song-data…): a song by link or by provider id, and the same song found at every
 * other provider. Completion is lazy (SONG-DATA-LAZY-1): a catalogue song that already has
 * several providers, thumbnails and links (or is an upload) is answered as stored; otherwise
 * the providers are asked and what they add is stored on the catalogue song, when there is one.
 */
export class SongDataService {
  readonly matcher: SongMatcher;

  constructor(
    private readonly platform: Platform,
    private readonly gateway: ProviderGateway,
  ) {
    this.matcher = new SongMatcher(gateway, platform.config.SEARCH_PROVIDER_TIMEOUT * 1000);
  }

  private get port(): SongsPort | undefined {
    return this.platform.ports.songs;
  }

  /** GET /song-data/{link}: the song at the provider the link names. */
  async byLink(raw: string, country: string): Promise<SongDataDto> {
    const link = parseSongLink(raw);
    if (!link) throw fail('SONG_LINK_UNSUPPORTED');
    if ('linkOnly' in link) {
      // MUSIC-PROVIDERS-4: recognised, but the service has no public API to read the song from.
      throw fail(
        'SONG_LINK_UNSUPPORTED',
        `${PROVIDER_NAMES[link.provider]} has no public API to read songs from, so its links stay links.`,
      );
    }
    if (!this.gateway.has(link.provider)) {
      throw fail(
        'MUSIC_PROVIDER_NOT_CONFIGURED',
        `${PROVIDER_NAMES[link.provider]} is not available on this server.`,
      );
    }
    try {
      const song =
        'id' in link
          ? await this.gateway.getSong(link.provider, link.id, country)
          : await this.gateway.resolvePermalink(link.provider, link.permalink);
      if (!song) throw this.notFound(link.provider);
      const data = fromProvider(song);
      const stored = await this.catalogueMatch(data);
      return stored ? mergeSongData(fromCatalogue(stored), data) : data;
    } catch (err) {
      throw asHttpError(err);
    }
  }

  /**
   * GET /song-data/{id}/{provider}/providers (persist=false) and …/service (persist=true: the
   * song is imported into the catalogue, so the answer always has an id and short id).
   */
  async providers(
    providerSongId: string,
    musicProvider: SongDataProvider,
    country: string,
    persist: boolean,
  ): Promise<SongDataDto> {
    const key = songProviderKey(musicProvider);
    if (key === 'uploadService') return this.upload(providerSongId);
    const provider = this.gateway.check(key, providerSongId);
    if (persist && !this.port) throw fail('CATALOGUE_UNAVAILABLE');
    try {
      const [stored] = (await this.port?.findByProviderIds(provider, [providerSongId])) ?? [];
      if (stored && !needsSongDataCompletion(stored)) return fromCatalogue(stored);
      const song = await this.gateway.getSong(provider, providerSongId, country);
      if (!song) throw this.notFound(provider);
      const complete = await this.matcher.complete(fromProvider(song), country);
      return await this.store(complete, stored ?? null, persist);
    } catch (err) {
      throw asHttpError(err);
    }
  }

  /** Bare GET /song-data: a link, or a provider id; `providers=true` also matches the rest. */
  async query(q: SongDataQuery): Promise<SongDataDto> {
    if (q.providerSongId && q.musicProvider) {
      if (q.providers) return this.providers(q.providerSongId, q.musicProvider, q.country, false);
      const key = songProviderKey(q.musicProvider);
      if (key === 'uploadService') return this.upload(q.providerSongId);
      const provider = this.gateway.check(key, q.providerSongId);
      try {
        const song = await this.gateway.getSong(provider, q.providerSongId, q.country);
        if (!song) throw this.notFound(provider);
        const data = fromProvider(song);
        const stored = await this.catalogueMatch(data);
        return stored ? mergeSongData(fromCatalogue(stored), data) : data;
      } catch (err) {
        throw asHttpError(err);
      }
    }
    const song = await this.byLink(q.link ?? '', q.country);
    if (!q.providers) return song;
    const at = (Object.entries(song.musicProviders) as [SongProvider, string][]).find(([p]) =>
      this.gateway.has(p),
    ) as [AdapterProvider, string] | undefined;
    return at ? this.providers(at[1], at[0], q.country, false) : song;
  }

  /** An upload (or any catalogue song) by short id: never completed from providers. */
  private async upload(shortId: string): Promise<SongDataDto> {
    if (!this.port) throw fail('CATALOGUE_UNAVAILABLE');
    const song = await this.port.get(shortId);
    if (!song) throw fail('SONG_NOT_FOUND');
    return fromCatalogue(song);
  }

  /** The catalogue song this provider song is (by any provider id, else by ISRC), or null. */
  async catalogueMatch(song: SongDataDto): Promise<SongDto | null> {
    const port = this.port;
    if (!port) return null;
    for (const [p, id] of Object.entries(song.musicProviders) as [SongProvider, string][]) {
      if (p === 'uploadService' || !id) continue;
      const [hit] = await port.findByProviderIds(p, [id]);
      if (hit) return hit;
    }
    if (song.isrc) return (await port.findByIsrc(song.isrc))[0] ?? null;
    return null;
  }

  /** Stores what the providers answered on the catalogue song (importing it when `persist`). */
  private async store(
    song: SongDataDto,
    stored: SongDto | null,
    persist: boolean,
  ): Promise<SongDataDto> {
    const port = this.port;
    if (!port) return song;
    if (persist) {
      const { song: saved } = await port.importProviderSong(toProviderSong(song));
      return mergeSongData(fromCatalogue(saved), song);
    }
    const target = stored ?? (await this.catalogueMatch(song));
    if (!target) return song;
    const updated = await port.updateProviderData(target.id, toProviderSong(song));
    return mergeSongData(fromCatalogue(updated ?? target), song);
  }

  private notFound(p: SongProvider): AppError {
    return fail('PROVIDER_SONG_NOT_FOUND', `This song was not found at ${PROVIDER_NAMES[p]}.`);
  }
}
