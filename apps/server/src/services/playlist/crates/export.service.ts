import type { CrateExportDto } from '@tt/protocol';
import type { AuthContext } from '../../../platform/auth';
import { AppError, fail } from '../../../platform/errors';
import { ProviderHttpError } from '../../../platform/providers';
import type { Platform } from '../../../platform/service';
import type { CrateService } from './service';

const DESCRIPTION = 'Exported from Turntable LIVE';

/**
 * POST /exports/spotify and /exports/apple: a crate the user may read becomes a playlist in their
 * own library at the provider, made with the token they connected (ports.providerTokens). Songs
 * without an id at that provider are left out and counted as `missing`.
 */
export class CrateExportService {
  constructor(
    private readonly platform: Platform,
    private readonly crates: CrateService,
  ) {}

  /** The crate's name and the provider ids of its songs, in order (repeats once). */
  private async ids(auth: AuthContext, crateUuid: string, provider: 'spotify' | 'apple') {
    const crate = await this.crates.readable(auth, crateUuid);
    const songs = await this.crates.repo.allSongs(crate.id);
    const ids = [
      ...new Set(songs.map((s) => s.musicProviders?.[provider]).filter((x): x is string => !!x)),
    ];
    if (ids.length === 0) throw fail('CRATE_EXPORT_EMPTY');
    return { name: crate.name, ids, missing: songs.length - ids.length };
  }

  private tokens() {
    const port = this.platform.ports.providerTokens;
    if (!port) throw fail('CRATE_EXPORT_UNAVAILABLE');
    return port;
  }

  /** Provider refusals become our errors (AppError): a refused token asks to reconnect. */
  private async call<T>(provider: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.platform.log.warn({ err, provider }, 'crate export failed');
      if (err instanceof ProviderHttpError && (err.status === 401 || err.status === 403)) {
        throw fail('PROVIDER_RECONNECT_NEEDED');
      }
      throw fail('PROVIDER_UNAVAILABLE');
    }
  }

  async toSpotify(auth: AuthContext, crateUuid: string): Promise<CrateExportDto> {
    const spotify = this.platform.providers.spotify;
    if (!spotify) throw fail('MUSIC_PROVIDER_NOT_CONFIGURED');
    const { name, ids, missing } = await this.ids(auth, crateUuid, 'spotify');
    const token = await this.tokens().spotifyAccessToken(auth.uuid);
    const pl = await this.call('spotify', () =>
      spotify.createUserPlaylist(token, name, DESCRIPTION, ids),
    );
    return { providerPlaylistId: pl.id, url: pl.url, exported: ids.length, missing };
  }

  async toApple(auth: AuthContext, crateUuid: string): Promise<CrateExportDto> {
    const apple = this.platform.providers.apple;
    if (!apple) throw fail('MUSIC_PROVIDER_NOT_CONFIGURED');
    const { name, ids, missing } = await this.ids(auth, crateUuid, 'apple');
    const token = await this.tokens().appleMusicUserToken(auth.uuid);
    const pl = await this.call('apple', () =>
      apple.createLibraryPlaylist(token, name, DESCRIPTION, ids),
    );
    return {
      providerPlaylistId: pl.id,
      url: `https://music.apple.com/library/playlist/${pl.id}`,
      exported: ids.length,
      missing,
    };
  }
}
