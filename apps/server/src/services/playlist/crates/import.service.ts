import type { CrateDto } from '@tt/protocol';
import { defaultCrateName } from '@tt/rules';
import type { AuthContext } from '../../../platform/auth';
import { fail } from '../../../platform/errors';
import { ProviderHttpError, type ProviderSong } from '../../../platform/providers';
import type { Platform } from '../../../platform/service';
import { requireAccessWith } from '../../../platform/access';
import { parsePlaylistLink, type PlaylistLink } from './import-links';
import { CrateService, newCrateShortId } from './service';
import type { CrateSongsService } from './songs.service';

export const CRATE_IMPORT_JOB = 'crate.import';
/** Songs added to the crate per step (progress moves once a step). */
const STEP = 25;

interface ImportJob {
  crateUuid: string;
  link: PlaylistLink;
}

declare module '../../../platform/jobs' {
  interface JobTypes {
    'crate.import': ImportJob;
  }
}

/** The providers whose playlists the import reads, with the reader of each. */
type Reader = (link: PlaylistLink) => Promise<ProviderSong[]>;

/**
 * POST /crate/import: a provider playlist becomes a crate (importStatus IN_PROGRESS), filled in
 * order by the `crate.import` job, which ends COMPLETE, or FAILED when the playlist cannot be read
 * (provider error, private or unknown playlist) or none of its songs can be imported.
 */
export class CrateImportService {
  constructor(
    private readonly platform: Platform,
    private readonly crates: CrateService,
    private readonly songs: CrateSongsService,
  ) {
    platform.jobs.define(CRATE_IMPORT_JOB, (data) => this.run(data), { concurrency: 2 });
  }

  /** The reader of a provider, when the server has it configured. */
  private reader(provider: PlaylistLink['provider']): Reader | null {
    const p = this.platform.providers;
    if (provider === 'spotify' && p.spotify) {
      const spotify = p.spotify;
      return async (link) => (await spotify.playlistTracks(link.id)).songs;
    }
    if (provider === 'apple' && p.apple) {
      const apple = p.apple;
      return (link) => apple.playlistSongs(link.id, link.storefront);
    }
    if (provider === 'soundCloudPublic' && p.soundcloud) {
      const soundcloud = p.soundcloud;
      return (link) => soundcloud.resolvePlaylistTracks(link.id);
    }
    if (provider === 'audius' && p.audius) {
      const audius = p.audius;
      return (link) => audius.resolvePlaylistTracks(link.id);
    }
    if (provider === 'youtube' && p.youtube) {
      const youtube = p.youtube;
      return (link) => youtube.playlistVideos(link.id);
    }
    return null;
  }

  /** Starts an import into a new crate; unverified accounts are refused (SEC-UNVERIFIED-1). */
  async start(auth: AuthContext, body: { link: string; crateName?: string }): Promise<CrateDto> {
    await requireAccessWith(this.platform.ports, auth, 'crate.create');
    const link = parsePlaylistLink(body.link);
    if (!link) throw fail('CRATE_IMPORT_LINK_UNSUPPORTED');
    if (!this.reader(link.provider)) throw fail('MUSIC_PROVIDER_NOT_CONFIGURED');
    if (!this.platform.ports.songs) throw fail('CATALOGUE_UNAVAILABLE');
    const row = await this.crates.repo.insert({
      userUuid: auth.uuid,
      name: body.crateName ?? defaultCrateName(await this.crates.repo.namesOf(auth.uuid)),
      description: null,
      shortId: newCrateShortId(),
      importStatus: 'IN_PROGRESS',
      importDone: 0,
      importTotal: 0,
    });
    await this.platform.jobs.enqueue(CRATE_IMPORT_JOB, { crateUuid: row!.uuid, link });
    return this.crates.toDto(row!);
  }

  private async finish(crateUuid: string, status: 'COMPLETE' | 'FAILED'): Promise<void> {
    const row = await this.crates.repo.byUuid(crateUuid);
    if (row) await this.crates.repo.update(row.id, { importStatus: status });
  }

  /** The job: reads the playlist, imports each song through the songs port, adds them in order. */
  private async run({ crateUuid, link }: ImportJob): Promise<void> {
    const log = this.platform.log.child({ job: CRATE_IMPORT_JOB, crateUuid, link });
    const crate = await this.crates.repo.byUuid(crateUuid);
    if (!crate) return; // deleted meanwhile
    const read = this.reader(link.provider);
    const port = this.platform.ports.songs;
    let tracks: ProviderSong[];
    try {
      if (!read || !port) throw new Error('provider or catalogue not available');
      tracks = await read(link);
    } catch (err) {
      const status = err instanceof ProviderHttpError ? err.status : undefined;
      log.warn({ err, status }, 'crate import: the playlist could not be read');
      return this.finish(crateUuid, 'FAILED');
    }
    await this.crates.repo.update(crate.id, { importTotal: tracks.length, importDone: 0 });
    // The crate's owner adds the songs (the crate is checked as theirs under the lock).
    const owner = { uuid: crate.userUuid } as AuthContext;
    let added = 0;
    for (let i = 0; i < tracks.length; i += STEP) {
      const ids: number[] = [];
      for (const track of tracks.slice(i, i + STEP)) {
        try {
          ids.push((await port!.importProviderSong(track)).song.id);
        } catch (err) {
          // Why a song cannot be imported (CRATE-IMPORT-1); a failed import is only logged.
          const message =
            Object.keys(track.musicProviders).length === 0
              ? 'Sorry, this song does not have any supported music providers to import from.'
              : "Sorry, this song is not in our catalog and can't be imported.";
          log.info({ err, track: `${track.artistName} - ${track.trackName}` }, message);
        }
      }
      try {
        if (ids.length > 0) {
          await this.songs.add(owner, crateUuid, { songs: ids.map((songId) => ({ songId })) });
          added += ids.length;
        }
        await this.crates.repo.update(crate.id, {
          importDone: Math.min(i + STEP, tracks.length),
        });
      } catch (err) {
        log.warn({ err }, 'crate import: the crate could not be filled');
        return this.finish(crateUuid, 'FAILED');
      }
    }
    if (added === 0) log.warn('crate import: nothing in the playlist could be imported');
    await this.finish(crateUuid, added > 0 ? 'COMPLETE' : 'FAILED');
  }
}
