import {
  IMPORT_PROVIDERS,
  songProviderKey,
  type CatalogueSongsQuery,
  type CatalogueSongsRes,
  type SongDataProvider,
  type SongDto,
  type TrackImportBody,
  type TrackImportRes,
} from '@tt/protocol';
import { fail } from '../../../platform/errors';
import type { SongsPort } from '../../../platform/ports';
import type { Platform } from '../../../platform/service';
import type { ProviderGateway } from '../providers';
import { asHttpError } from '../song-data/song-data.service';

/**
 * The catalogue API v1: imports of provider songs and the catalogue list. Imports are
 * idempotent: a song already imported (by this provider id, or another provider's song with the
 * same ISRC) is answered with `created: false` without asking the provider again.
 */
export class CatalogueService {
  constructor(
    private readonly platform: Platform,
    private readonly gateway: ProviderGateway,
  ) {}

  private get port(): SongsPort {
    const port = this.platform.ports.songs;
    if (!port) throw fail('CATALOGUE_UNAVAILABLE');
    return port;
  }

  async trackImport(body: TrackImportBody): Promise<TrackImportRes> {
    if (!(IMPORT_PROVIDERS as readonly string[]).includes(body.musicProvider)) {
      throw fail('TRACK_IMPORT_NO_PROVIDER');
    }
    const key = songProviderKey(body.musicProvider as SongDataProvider);
    const port = this.port;
    if (key === 'uploadService') {
      const song = await port.get(body.providerId);
      if (!song) throw fail('TRACK_NOT_IMPORTABLE');
      return { created: false, song };
    }
    const provider = this.gateway.check(key, body.providerId);
    const [known] = await port.findByProviderIds(provider, [body.providerId]);
    if (known) return { created: false, song: known };
    let found;
    try {
      found = await this.gateway.getSong(provider, body.providerId);
    } catch (err) {
      throw asHttpError(err);
    }
    if (!found) throw fail('TRACK_NOT_IMPORTABLE');
    return port.importProviderSong(found);
  }

  list(query: CatalogueSongsQuery): Promise<CatalogueSongsRes> {
    return this.port.list(query);
  }

  async get(songId: string): Promise<SongDto> {
    const song = await this.port.get(songId);
    if (!song) throw fail('SONG_NOT_FOUND');
    return song;
  }
}
