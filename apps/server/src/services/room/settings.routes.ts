import type { FastifyInstance } from 'fastify';
import { roomSettingsEndpoints as e } from '@tt/protocol';
import { route } from '../../platform/route';
import type { RoomSettingsService } from './settings.service';

/** Pinned messages, poster, external URL, infrastructure switches, guest password, Discord. */
export function registerSettingsRoutes(app: FastifyInstance, settings: RoomSettingsService): void {
  route(app, e.pinnedMessages, ({ auth, params, body }) =>
    settings.pinMessages(auth, params.id, body.pinnedMessages),
  );
  route(app, e.uploadPoster, ({ auth, params, request }) =>
    settings.uploadPoster(auth, params.id, request),
  );
  route(app, e.deletePoster, ({ auth, params }) => settings.deletePoster(auth, params.id));
  route(app, e.posterImage, async ({ params, reply }) => {
    const { data, contentType } = await settings.poster(params.id);
    reply
      .header('content-type', contentType)
      .header('cache-control', 'public, max-age=300')
      .header('x-content-type-options', 'nosniff');
    return data;
  });
  route(app, e.externalUrl, ({ auth, params, body }) =>
    settings.setExternalUrl(auth, params.id, body.externalUrl),
  );
  route(app, e.promote, ({ auth, params, body }) =>
    settings.promote(auth, params.id, body.promoted),
  );
  route(app, e.djType, ({ auth, params, body }) =>
    settings.setDjType(auth, params.id, body.djType),
  );
  route(app, e.liveAudio, ({ auth, params, body }) =>
    settings.setLiveAudio(auth, params.id, body.liveAudio),
  );
  route(app, e.liveState, ({ auth, params, body }) =>
    settings.setLiveState(auth, params.id, body.isLive),
  );
  route(app, e.djSeats, ({ auth, params, body }) =>
    settings.setDjSeats(auth, params.id, body.numberOfDjs),
  );
  route(app, e.rules, ({ auth, params, body }) => settings.setRules(auth, params.id, body.rules));
  route(app, e.setGuestPassword, ({ auth, body }) =>
    settings.setGuestPassword(auth, body.roomUuid, body.password),
  );
  route(app, e.clearGuestPassword, ({ auth, body }) =>
    settings.setGuestPassword(auth, body.roomUuid, null),
  );
  route(app, e.clearConversation, ({ auth, params }) =>
    settings.clearConversation(auth, params.id),
  );
  route(app, e.attachDiscord, ({ auth, params, body }) =>
    settings.attachDiscord(auth, params.guildId, body.roomUuid),
  );
}
