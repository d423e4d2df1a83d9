import { z } from 'zod';
import { endpoint } from '../contract';
import { Capability, UserMusicProvider } from '../enums';
import { TakeSkipQuery } from '../qb';
import { IdParam, OwnProfileDto, UpdateProfileReq, UserProfileDto } from './dto';

const S = 'user' as const;

/** Most profiles one GET /users/profiles call answers. */
export const MAX_PROFILES_PER_REQUEST = 100;
/** Largest user-data object, as serialized JSON (bytes). */
export const USER_DATA_MAX_BYTES = 16 * 1024;

/** `?users=a&users=b` (one value arrives as a string, several as a list). */
export const ProfilesQuery = z.object({
  users: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(
      z
        .array(z.string().max(200))
        .min(1, 'name at least one user')
        .max(MAX_PROFILES_PER_REQUEST, `at most ${MAX_PROFILES_PER_REQUEST} users per request`),
    ),
});

/** Free-form client settings (GET/PUT /users/profile/user-data). */
export const UserDataDto = z.record(z.string(), z.unknown(), {
  error: 'must be a JSON object',
});
export type UserDataDto = z.infer<typeof UserDataDto>;

const social = z.string().trim().max(100);
/** Links to other networks: a handle or a profile URL of that network; the handle is stored. */
export const UserSocialsReq = z
  .object({
    facebook: social,
    instagram: social,
    twitter: social,
    snapchat: social,
    tiktok: social,
  })
  .partial()
  .strict();
export type UserSocialsReq = z.infer<typeof UserSocialsReq>;

export const MusicProvidersDto = z.object({
  /** Preference order: the first is the most preferred. */
  musicProviders: z
    .array(UserMusicProvider)
    .refine((list) => new Set(list).size === list.length, 'must not list a provider twice'),
});
export type MusicProvidersDto = z.infer<typeof MusicProvidersDto>;

export const CapabilitiesDto = z.object({ capabilities: z.array(Capability) });

export const ServiceProfilesQuery = TakeSkipQuery.extend({
  /** Only profiles updated at or after this instant (ISO 8601). */
  since: z.iso.datetime({ offset: true }).optional(),
});

export const ServiceProfilesRes = z.object({
  profiles: z.array(OwnProfileDto),
  total: z.number().int(),
});
export type ServiceProfilesRes = z.infer<typeof ServiceProfilesRes>;

export const profileEndpoints = {
  ownProfile: endpoint({
    service: S,
    method: 'GET',
    path: '/users/profile',
    auth: 'user',
    summary: "The caller's own profile (public fields plus private ones)",
    response: OwnProfileDto,
  }),
  updateProfile: endpoint({
    service: S,
    method: 'POST',
    path: '/users/profile',
    auth: 'user',
    summary: "Partial update of the caller's profile; answers the updated profile",
    body: UpdateProfileReq,
    response: OwnProfileDto,
  }),
  publicProfile: endpoint({
    service: S,
    method: 'GET',
    path: '/profile/{id}',
    auth: 'public',
    summary: 'Public profile of an account by uuid or numeric id',
    params: IdParam,
    response: UserProfileDto,
  }),
  serviceProfile: endpoint({
    service: S,
    method: 'GET',
    path: '/profile/{id}/service',
    auth: 'service.call',
    summary: 'Profile with private fields, for other services (uuid or numeric id)',
    params: IdParam,
    response: OwnProfileDto,
  }),
  profiles: endpoint({
    service: S,
    method: 'GET',
    path: '/users/profiles',
    auth: 'public',
    summary:
      'Public profiles of several accounts (?users=<uuid> repeated, at most 100), in the order asked; unknown and deactivated accounts are left out',
    query: ProfilesQuery,
    response: z.array(UserProfileDto),
  }),
  userProfile: endpoint({
    service: S,
    method: 'GET',
    path: '/users/user/{id}',
    auth: 'user',
    summary: 'Public profile of another account by uuid or numeric id',
    params: IdParam,
    response: UserProfileDto,
  }),
  capabilities: endpoint({
    service: S,
    method: 'GET',
    path: '/users/capabilities',
    auth: 'user',
    summary: 'Capabilities granted to the caller (uploadMusic, promoteRoom)',
    response: CapabilitiesDto,
  }),
  getUserData: endpoint({
    service: S,
    method: 'GET',
    path: '/users/profile/user-data',
    auth: 'user',
    summary: "The caller's client settings (a free JSON object)",
    response: UserDataDto,
  }),
  putUserData: endpoint({
    service: S,
    method: 'PUT',
    path: '/users/profile/user-data',
    auth: 'user',
    summary: "Replaces the caller's client settings (a JSON object of at most 16 KB)",
    body: UserDataDto,
    response: UserDataDto,
  }),
  userSocials: endpoint({
    service: S,
    method: 'POST',
    path: '/users/user-socials',
    auth: 'user',
    summary:
      'Sets links to facebook, instagram, twitter, snapchat, tiktok (a handle or a profile URL; empty clears); answers the profile',
    body: UserSocialsReq,
    response: OwnProfileDto,
  }),
  getMusicProviders: endpoint({
    service: S,
    method: 'GET',
    path: '/users/music-providers',
    auth: 'user',
    summary: "The caller's preferred music providers, most preferred first",
    response: MusicProvidersDto,
  }),
  putMusicProviders: endpoint({
    service: S,
    method: 'PUT',
    path: '/users/music-providers',
    auth: 'user',
    summary: "Replaces the caller's preferred music providers (order = preference)",
    body: MusicProvidersDto,
    response: MusicProvidersDto,
  }),
  allUserProfiles: endpoint({
    service: S,
    method: 'GET',
    path: '/users/service/all-user-profiles',
    auth: 'service.call',
    summary: 'Every account (deactivated included, see status), oldest first, paged by take/skip',
    query: TakeSkipQuery,
    response: ServiceProfilesRes,
  }),
  updatedUserProfiles: endpoint({
    service: S,
    method: 'GET',
    path: '/users/service/update-user-profiles',
    auth: 'service.call',
    summary: 'Accounts by most recent update first (optionally only since an instant), paged',
    query: ServiceProfilesQuery,
    response: ServiceProfilesRes,
  }),
  serviceUserProfile: endpoint({
    service: S,
    method: 'GET',
    path: '/users/service/{id}/user-profile',
    auth: 'service.call',
    summary: 'Profile with private fields, for other services (uuid or numeric id)',
    params: IdParam,
    response: OwnProfileDto,
  }),
};
