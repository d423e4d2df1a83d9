import { uploadEndpoints as e, type SongDto } from '@tt/protocol';
import { fail } from '../../platform/errors';
import type { SongsPort } from '../../platform/ports';
import { route } from '../../platform/route';
import type { Platform, ServiceModule } from '../../platform/service';
import { requirePort } from '../../platform/wiring';

/** The catalogue, read through the song service's port (required: it runs in this process). */
function catalogue(platform: Platform): SongsPort {
  return requirePort(platform, 'songs');
}

async function song(platform: Platform, id: string): Promise<SongDto> {
  const found = await catalogue(platform).get(id);
  if (!found) throw fail('SONG_NOT_FOUND');
  return found;
}

/**
 * The upload service (what the apps' upload client calls): getSong, getHlsPlaylistUrl, search and
 * getSongsForUser over the song catalogue; uploads themselves go to the song service.
 */
export const uploadService: ServiceModule = {
  name: 'upload',
  version: '1.0.0',
  // Every route of this service reads the catalogue.
  provides: [],
  requires: ['songs'],
  optional: {},
  async register(app, platform) {
    route(app, e.getSong, ({ params }) => song(platform, params.id));

    route(app, e.hlsPlaylistUrl, async ({ params }) => {
      const found = await song(platform, params.id);
      const hls = found.streamUrls.uploadService?.hls;
      if (found.status !== 'VERIFIED' || !hls) throw fail('SONG_NOT_VERIFIED');
      return {
        hlsPlaylistUrl: /^https?:\/\//.test(hls) ? hls : `${platform.config.publicUrl}${hls}`,
      };
    });

    route(app, e.search, ({ query }) =>
      catalogue(platform).search(query.term ?? query.q ?? '', {
        noExplicit: query.explicit === false,
        limit: query.limit,
        offset: query.offset,
      }),
    );

    route(app, e.songsForUser, ({ auth, params, query }) =>
      catalogue(platform).uploadsOf(params.userUuid, {
        verifiedOnly: auth?.uuid !== params.userUuid,
        limit: query.limit,
        offset: query.offset,
      }),
    );
  },
};
