import type { SongDataDto } from '@tt/protocol';
import { isSameSong } from '@tt/rules';
import type { ProviderSong } from '../../../platform/providers/http';
import { fromProvider, mergeSongData } from '../music';
import { ISRC_LOOKUP_PROVIDERS, type AdapterProvider, type ProviderGateway } from '../providers';

const byIsrcAt = (p: AdapterProvider): p is (typeof ISRC_LOOKUP_PROVIDERS)[number] =>
  (ISRC_LOOKUP_PROVIDERS as readonly string[]).includes(p);

/** Candidates read per provider when matching by the same-song rule. */
const MATCH_CANDIDATES = 10;

/**
 * Finds one song at every other configured provider (GET …/providers): by ISRC where the
 * provider can look one up (Apple's and TIDAL's ISRC filters, Deezer's /track/isrc:{isrc},
 * Napster's /tracks/isrc/{isrc}, Spotify's `isrc:` search; MUSIC-PROVIDERS-3), otherwise by a
 * search for "title artist" whose first result that is the same song (SAME-SONG-1: ISRC, or
 * duration within 5 s with the same title and artist ignoring case). A provider that fails or
 * finds nothing is left out (failures logged).
 */
export class SongMatcher {
  constructor(
    private readonly gateway: ProviderGateway,
    private readonly timeoutMs: number,
  ) {}

  /** `base` with every provider it was found at merged in (base's own data wins). */
  async complete(
    base: SongDataDto,
    country: string,
    skip: AdapterProvider[] = [],
  ): Promise<SongDataDto> {
    const known = new Set(Object.keys(base.musicProviders));
    const targets = this.gateway.configured().filter((p) => !known.has(p) && !skip.includes(p));
    const found = await Promise.all(targets.map((p) => this.safeFind(p, base, country)));
    return found.reduce<SongDataDto>(
      (song, match) => (match ? mergeSongData(song, fromProvider(match)) : song),
      base,
    );
  }

  private async safeFind(
    p: AdapterProvider,
    base: SongDataDto,
    country: string,
  ): Promise<ProviderSong | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), this.timeoutMs);
      });
      return await Promise.race([this.find(p, base, country), timeout]);
    } catch (err) {
      this.gateway.warn({ err, provider: p }, 'Song matching at a provider failed; left out');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  private async find(
    p: AdapterProvider,
    base: SongDataDto,
    country: string,
  ): Promise<ProviderSong | null> {
    if (base.isrc) {
      const byIsrc = byIsrcAt(p)
        ? await this.gateway.getSongByIsrc(p, base.isrc)
        : p === 'spotify'
          ? ((await this.gateway.search(p, `isrc:${base.isrc}`, 0, 5, country)).songs.find(
              (s) => s.isrc?.toUpperCase() === base.isrc?.toUpperCase(),
            ) ?? null)
          : null;
      if (byIsrc) return byIsrc;
    }
    const term = `${base.trackName} ${base.artistName}`.trim();
    // TIDAL is not searched (MUSIC-PROVIDERS-1): ISRC or nothing.
    if (!term || p === 'tidal') return null;
    const page = await this.gateway.search(p, term, 0, MATCH_CANDIDATES, country);
    return page.songs.find((s) => isSameSong(s, base)) ?? null;
  }
}
