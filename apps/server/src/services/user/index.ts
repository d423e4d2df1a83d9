import { registerAccessRequestRoutes } from './accounts/access-requests';
import type { ServiceModule } from '../../platform/service';
import { AccountService } from './service';
import { registerAuthRoutes } from './auth/routes';
import { DiscordService } from './providers/discord.service';
import { registerDiscordRoutes } from './providers/discord.routes';
import { registerEmailsRoutes } from './accounts/emails.routes';
import { registerPasswordsRoutes } from './auth/passwords.routes';
import { registerMagicLinkRoutes } from './auth/magic-link.routes';
import { registerPhoneRoutes } from './phone/phone.routes';
import { registerProfileRoutes } from './profiles/profile.routes';
import { registerImagesRoutes } from './profiles/images.routes';
import { registerModerationRoutes } from './moderation/moderation.routes';
import { registerVouchersRoutes } from './accounts/vouchers.routes';
import { registerAdminRoutes } from './accounts/admin.routes';
import { registerBotsRoutes } from './bots/bots.routes';
import { registerProviderTokenRoutes } from './providers/provider-tokens.routes';
import { seedDemoUsers } from './seed';
import { ProfileService } from './profiles/profile.service';
import { ModerationService } from './moderation/moderation.service';
import { registerChatTokenRoutes } from '../chat/index';

/** The user service: accounts, sessions, e-mails, phones, profiles, moderation, vouchers. */
export const userService: ServiceModule = {
  name: 'user',
  version: '1.7.0',
  provides: ['users', 'providerTokens'],
  requires: [],
  optional: {
    avatars:
      'a profile may wear any avatar id: nothing checks AVATAR-WEAR-1 (the points service keeps the catalogue)',
    liveAudio:
      "a PUBLISHER token for a room's Agora channel answers 503 SERVICE_UNAVAILABLE, as who may talk there cannot be checked (LIVE-AUDIO-10)",
  },
  async register(app, platform) {
    const accounts = new AccountService(platform);
    platform.tokens.addSessionCheck((auth) => accounts.checkSession(auth));
    const profiles = new ProfileService(accounts);
    const discord = new DiscordService(accounts);
    platform.ports.users = {
      profiles: (uuids) => profiles.profiles(uuids),
      capabilities: async (uuid) => (await accounts.repo.byUuid(uuid))?.capabilities ?? [],
      uuidByEmail: async (email) => {
        const address = await accounts.repo.liveEmail(email);
        return address ? ((await accounts.repo.byId(address.userId))?.uuid ?? null) : null;
      },
      isVerified: async (uuid) => {
        const u = await accounts.repo.byUuid(uuid);
        return u ? accounts.isVerified(u) : false;
      },
      matchContacts: (addresses, phones) => accounts.repo.byContactPoints(addresses, phones),
      bots: async (uuids) =>
        (await accounts.repo.byUuids(uuids)).filter((u) => u.isBot).map((u) => u.uuid),
      activeUuids: (after, limit) => accounts.repo.activeUuids(after, limit),
      countActive: () => accounts.repo.countActive(),
      replaceAvatar: (from, to, uuids) => profiles.replaceAvatar(from, to, uuids),
      changeBadges: async (uuid, badges, add) => {
        await new ModerationService(accounts).changeBadges(uuid, badges, add);
      },
      discordLinked: (uuid) => discord.isLinked(uuid),
      wearers: async (avatarId) => (await accounts.repo.wearing([avatarId])).map((u) => u.uuid),
    };
    registerAuthRoutes(app, accounts);
    registerEmailsRoutes(app, accounts);
    registerPasswordsRoutes(app, accounts);
    registerMagicLinkRoutes(app, accounts);
    registerPhoneRoutes(app, accounts);
    registerProfileRoutes(app, accounts);
    registerImagesRoutes(app, accounts);
    registerModerationRoutes(app, accounts);
    registerVouchersRoutes(app, accounts);
    registerAdminRoutes(app, accounts);
    registerBotsRoutes(app, accounts);
    registerAccessRequestRoutes(app, accounts);
    registerDiscordRoutes(app, discord);
    registerChatTokenRoutes(app, platform);
    const providerTokens = await registerProviderTokenRoutes(app, accounts);
    platform.ports.providerTokens = {
      spotifyAccessToken: async (uuid) => (await providerTokens.spotifyFor(uuid)).accessToken,
      appleMusicUserToken: (uuid) => providerTokens.appleTokenFor(uuid),
    };
  },
  seed: (platform) => seedDemoUsers(new AccountService(platform)),
};
