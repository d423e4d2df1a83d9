import type { FastifyInstance } from 'fastify';
import { providerTokenEndpoints as e } from '@tt/protocol';
import { caller } from '../../../platform/auth';
import { route } from '../../../platform/route';
import { disconnectMusic, musicConnections } from './provider-connections';
import { TokenCipher } from './provider-tokens.crypto';
import { ProviderTokenService } from './provider-tokens.service';
import type { AccountService } from '../service';

/** Music-provider connections (Spotify, SoundCloud, YouTube, Apple Music) and Agora tokens. */
export async function registerProviderTokenRoutes(
  app: FastifyInstance,
  accounts: AccountService,
): Promise<ProviderTokenService> {
  const tokens = new ProviderTokenService(
    accounts,
    await TokenCipher.create(accounts.platform.config),
  );

  route(app, e.spotifyExchangeCode, ({ request, body }) =>
    tokens.exchange(caller(request), 'spotify', body),
  );
  route(app, e.spotifyRefresh, ({ request }) => tokens.refresh(caller(request), 'spotify'));
  route(app, e.spotifyDisconnect, ({ request }) => tokens.disconnect(caller(request), 'spotify'));
  route(app, e.spotifyServiceAccessToken, ({ params }) => tokens.spotifyFor(params.id));

  route(app, e.soundcloudExchangeCode, ({ request, body }) =>
    tokens.exchange(caller(request), body.mobile ? 'soundcloudMobile' : 'soundcloud', body),
  );
  route(app, e.soundcloudRefresh, ({ request }) => tokens.refresh(caller(request), 'soundcloud'));
  route(app, e.soundcloudMobileRefresh, ({ request }) =>
    tokens.refresh(caller(request), 'soundcloudMobile'),
  );
  route(app, e.soundcloudPublicToken, ({ query }) => tokens.publicToken('web', query.stale));
  route(app, e.soundcloudMobilePublicToken, ({ query }) =>
    tokens.publicToken('mobile', query.stale),
  );
  route(app, e.soundcloudAccessToken, ({ request, params, query }) =>
    tokens.soundcloudFor(caller(request), params.id, query.mobile === true),
  );

  route(app, e.appleSaveUserToken, ({ request, body }) =>
    tokens.saveAppleToken(caller(request), body.musicUserToken),
  );
  route(app, e.appleUserToken, ({ request, params }) =>
    tokens.appleToken(caller(request), params.id),
  );

  route(app, e.youtubeExchangeCode, ({ request, body }) =>
    tokens.exchange(caller(request), 'youtube', body),
  );
  route(app, e.youtubeRefresh, ({ request }) => tokens.refresh(caller(request), 'youtube'));

  const config = accounts.platform.config;
  route(app, e.connections, ({ request }) => musicConnections(tokens, config, caller(request)));
  route(app, e.disconnect, ({ request, params }) =>
    disconnectMusic(tokens, config, caller(request), params.provider),
  );

  // LIVE-AUDIO-15: the web learns here whether its live audio goes through Agora.
  route(app, e.agoraConfig, () =>
    config.AGORA_APP_ID && config.AGORA_APP_CERTIFICATE ? { appId: config.AGORA_APP_ID } : {},
  );
  route(app, e.agoraToken, ({ request, body }) => tokens.agoraToken(caller(request), body));
  return tokens;
}
