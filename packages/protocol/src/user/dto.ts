import { z } from 'zod';
import { AccountStatus, Badge, Capability, TokenRole, UserMusicProvider, UserRole } from '../enums';

/** Public profile: the shape of `OtherUserProfileResDto` in the ttfm-socket types, plus profilePicture. */
export const UserProfileDto = z.object({
  id: z.number().int(),
  uuid: z.string(),
  color: z.string(),
  avatarId: z.string(),
  nickname: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  pronoun: z.string(),
  displayPronouns: z.boolean(),
  songOfTheWeek: z.string(),
  song: z.any().nullable(),
  zodiac: z.string(),
  createdAt: z.string(),
  coverPicture: z.string(),
  profilePicture: z.string(),
  facebook: z.string(),
  instagram: z.string(),
  twitter: z.string(),
  snapchat: z.string(),
  tiktok: z.string(),
  badges: z.array(Badge),
  priceForGig: z.number(),
});
export type UserProfileDto = z.infer<typeof UserProfileDto>;

/** The owner's own profile: the public fields plus private ones. */
export const OwnProfileDto = UserProfileDto.extend({
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  roles: z.array(UserRole),
  tokenRole: TokenRole,
  capabilities: z.array(Capability),
  musicProviders: z.array(UserMusicProvider),
  status: AccountStatus,
  isBot: z.boolean(),
  hasPassword: z.boolean(),
  updatedAt: z.string(),
});
export type OwnProfileDto = z.infer<typeof OwnProfileDto>;

/** Admin view of an account. */
export const AdminUserDto = OwnProfileDto.extend({
  bannedUntil: z.string().nullable(),
  banned: z.boolean(),
  lastLoginAt: z.string().nullable(),
  /** STAFF-BOTS-1: the account that owns this bot (null for people and for unowned bots). */
  botOwnerUuid: z.string().nullable(),
});
export type AdminUserDto = z.infer<typeof AdminUserDto>;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #562DF9');
const socialHandle = z.string().trim().max(100);

/** Editable profile fields (POST /users/profile). */
export const UpdateProfileReq = z
  .object({
    nickname: z.string().trim().min(1).max(40),
    firstName: z.string().trim().max(60),
    lastName: z.string().trim().max(60),
    color: hexColor,
    avatarId: z.string().trim().min(1).max(100),
    pronoun: z.string().trim().max(40),
    displayPronouns: z.boolean(),
    songOfTheWeek: z.string().trim().max(200),
    song: z.any().nullable(),
    zodiac: z.string().trim().max(20),
    priceForGig: z.number().min(0).max(1_000_000),
    facebook: socialHandle,
    instagram: socialHandle,
    twitter: socialHandle,
    snapchat: socialHandle,
    tiktok: socialHandle,
  })
  .partial()
  .strict();
export type UpdateProfileReq = z.infer<typeof UpdateProfileReq>;

/** Access token answer (POST /auth/login and friends), as the TTLIVE-discord-bot expects. */
export const AccessTokenRes = z.object({ accessToken: z.string() });
export type AccessTokenRes = z.infer<typeof AccessTokenRes>;

/** What a token says about its holder (GET /auth/session). */
export const SessionDto = z.object({
  uuid: z.string(),
  tokenRole: TokenRole,
  roles: z.array(TokenRole),
  isGuest: z.boolean(),
  expiresAt: z.string(),
});
export type SessionDto = z.infer<typeof SessionDto>;

export const UuidParam = z.object({ id: z.string().uuid() });
export const IdParam = z.object({ id: z.string().min(1).max(200) });
