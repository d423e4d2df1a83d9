import type { FastifyInstance } from 'fastify';
import { profileEndpoints as e } from '@tt/protocol';
import { route } from '../../../platform/route';
import { ProfileService } from './profile.service';
import type { AccountService } from '../service';

/** Own and public profiles, client settings, socials, music providers, service profile reads. */
export function registerProfileRoutes(app: FastifyInstance, accounts: AccountService): void {
  const profiles = new ProfileService(accounts);

  route(app, e.ownProfile, ({ auth }) => profiles.own(auth));
  route(app, e.updateProfile, ({ auth, body }) => profiles.update(auth, body));
  route(app, e.publicProfile, ({ params }) => profiles.publicProfile(params.id));
  route(app, e.serviceProfile, ({ params }) => profiles.serviceProfile(params.id));
  route(app, e.profiles, ({ query }) => profiles.profiles(query.users));
  route(app, e.userProfile, ({ params }) => profiles.publicProfile(params.id));
  route(app, e.capabilities, ({ auth }) => profiles.capabilities(auth));
  route(app, e.getUserData, ({ auth }) => profiles.userData(auth));
  route(app, e.putUserData, ({ auth, body }) => profiles.replaceUserData(auth, body));
  route(app, e.userSocials, ({ auth, body }) => profiles.setSocials(auth, body));
  route(app, e.getMusicProviders, ({ auth }) => profiles.musicProviders(auth));
  route(app, e.putMusicProviders, ({ auth, body }) =>
    profiles.setMusicProviders(auth, body.musicProviders),
  );
  route(app, e.allUserProfiles, ({ query }) =>
    profiles.list({ take: query.take, skip: query.skip, order: 'id' }),
  );
  route(app, e.updatedUserProfiles, ({ query }) =>
    profiles.list({ take: query.take, skip: query.skip, since: query.since, order: 'updated' }),
  );
  route(app, e.serviceUserProfile, ({ params }) => profiles.serviceProfile(params.id));
}
