import {
  SEARCH_SOURCES,
  type PlaylistSearchQuery,
  type SearchSource,
  type SongDataDto,
} from '@tt/protocol';
import { brandOffersSource, filterPrivateSoundCloudTracks } from '@tt/rules';
import { mapSoundcloudTrack, type SoundcloudTrack } from '../../../platform/providers/soundcloud';
import type { Platform } from '../../../platform/service';
import { fromCatalogue, fromProvider } from '../music';
import type { AdapterProvider, ProviderGateway } from '../providers';
import { parseSongLink } from '../song-data/links';

/** A search source's adapter key (the tab `soundcloud` is the provider `soundCloudPublic`). */
export function sourceProvider(source: Exclude<SearchSource, 'uploadService'>): AdapterProvider {
  return source === 'soundcloud' ? 'soundCloudPublic' : source;
}

/** What one source answers for one page: its songs from `offset` and whether more follow. */
export interface SourceResult {
  source: SearchSource;
  songs: SongDataDto[];
  more: boolean;
}

/** How long the private SoundCloud tracks (GET /me/tracks) are kept between searches. */
const PRIVATE_TRACKS_TTL_MS = 60_000;

/**
 * Runs one source of a search: our catalogue through the songs port, or a provider through the
 * gateway. SoundCloud adds the private tracks of the platform's SoundCloud account that match
 * the query by title or username (SEARCH-SC-PRIVATE-1), ahead of the public ones.
 */
export class SearchSources {
  private privateTracks: { at: number; tracks: Promise<SoundcloudTrack[]> } | null = null;

  constructor(
    private readonly platform: Platform,
    private readonly gateway: ProviderGateway,
  ) {}

  /** The sources this platform has, in tab order. */
  /** The sources configured here that the brand offers (BRAND-PROVIDERS-1). */
  available(): SearchSource[] {
    const brand = this.platform.config.BRAND;
    return SEARCH_SOURCES.filter(
      (s) =>
        brandOffersSource(brand, s) &&
        (s === 'uploadService'
          ? Boolean(this.platform.ports.songs)
          : this.gateway.has(sourceProvider(s))),
    );
  }

  /**
   * SEARCH-LINK-1: a search for a song link (pasted into a crate's or the DJ's search) answers
   * that one song, from the provider the link names, when this server has that provider and its
   * brand offers it; undefined when `q` is no such link. A provider that fails is thrown.
   */
  async link(q: PlaylistSearchQuery): Promise<SongDataDto[] | undefined> {
    const link = parseSongLink(q.q);
    if (!link || 'linkOnly' in link || !this.gateway.has(link.provider)) return undefined;
    const brand = this.platform.config.BRAND;
    const source = link.provider === 'soundCloudPublic' ? 'soundcloud' : link.provider;
    const offered = (SEARCH_SOURCES as readonly string[]).includes(source)
      ? brandOffersSource(brand, source as SearchSource)
      : brand === 'turntable';
    if (!offered) return undefined;
    if (q.offset > 0) return [];
    const song =
      'id' in link
        ? await this.gateway.getSong(link.provider, link.id, q.country)
        : await this.gateway.resolvePermalink(link.provider, link.permalink);
    return song ? [fromProvider(song)] : [];
  }

  async run(source: SearchSource, q: PlaylistSearchQuery, v2: boolean): Promise<SourceResult> {
    if (source === 'uploadService') {
      const port = this.platform.ports.songs;
      if (!port) return { source, songs: [], more: false };
      const page = await port.search(q.q, {
        noExplicit: q.explicit === false,
        relevance: v2,
        limit: q.limit,
        offset: q.offset,
      });
      return { source, songs: page.songs.map(fromCatalogue), more: page.next !== null };
    }
    const provider = sourceProvider(source);
    if (provider === 'soundCloudPublic') return this.soundcloud(q);
    const page = await this.gateway.search(provider, q.q, q.offset, q.limit, q.country);
    return { source, songs: page.songs.map(fromProvider), more: page.more };
  }

  /** Private matches first, then the public search, addressed as one list by offset. */
  private async soundcloud(q: PlaylistSearchQuery): Promise<SourceResult> {
    const privates = await this.privateMatches(q.q);
    const head = privates.slice(q.offset, q.offset + q.limit);
    const publicOffset = Math.max(0, q.offset - privates.length);
    const want = q.limit - head.length;
    const page =
      want > 0
        ? await this.gateway.search('soundCloudPublic', q.q, publicOffset, want, q.country)
        : { songs: [], more: true };
    return {
      source: 'soundcloud',
      songs: [...head, ...page.songs.map(fromProvider)],
      more: privates.length > q.offset + q.limit || page.more,
    };
  }

  private async privateMatches(query: string): Promise<SongDataDto[]> {
    const client = this.gateway.clients.soundcloud;
    if (!client) return [];
    const now = Date.now();
    if (!this.privateTracks || now - this.privateTracks.at > PRIVATE_TRACKS_TTL_MS) {
      const tracks = client.myTracks();
      this.privateTracks = { at: now, tracks };
      // A failed read is not kept: the next search asks again.
      tracks.catch(() => {
        if (this.privateTracks?.tracks === tracks) this.privateTracks = null;
      });
    }
    let tracks: SoundcloudTrack[];
    try {
      tracks = await this.privateTracks.tracks;
    } catch (err) {
      this.gateway.warn({ err, provider: 'soundcloud' }, 'Private SoundCloud tracks unavailable');
      return [];
    }
    const privateOnes = tracks.filter((t) => t.sharing === 'private');
    return filterPrivateSoundCloudTracks(privateOnes, query).map((t) => {
      const song = fromProvider(mapSoundcloudTrack(t));
      // A private track is reached through its share link, which carries its secret token.
      if (t.permalink_url && t.secret_token) {
        song.links = { ...song.links, soundCloudPublic: `${t.permalink_url}/${t.secret_token}` };
      }
      return song;
    });
  }
}
