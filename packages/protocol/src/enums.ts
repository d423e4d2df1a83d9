import { z } from 'zod';

/** Token roles (ttfm-socket `TokenRole`, plus `guest`). */
export const TOKEN_ROLES = [
  'globalModerator',
  'staff',
  'superUser',
  'promoter',
  'user',
  'bot',
  'admin',
  'moderator',
  'guest',
] as const;
export const TokenRole = z.enum(TOKEN_ROLES);
export type TokenRole = z.infer<typeof TokenRole>;

/** User and profile roles. */
export const USER_ROLES = [
  'globalModerator',
  'admin',
  'moderator',
  'staff',
  'promoter',
  'user',
  'superUser',
  'bot',
] as const;
export const UserRole = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof UserRole>;

/** Highest first: the role a token names as its `tokenRole`. */
export const ROLE_PRECEDENCE: readonly UserRole[] = [
  'superUser',
  'admin',
  'globalModerator',
  'moderator',
  'staff',
  'promoter',
  'bot',
  'user',
];

export const Badge = z.enum(['VERIFIED', 'PLATINUM', 'DOUBLE_PLATINUM', 'JQBX', 'STAFF']);
export type Badge = z.infer<typeof Badge>;

export const Capability = z.enum(['uploadMusic', 'promoteRoom']);
export type Capability = z.infer<typeof Capability>;

export const EmailType = z.enum(['personal', 'work', 'payment', 'spotify', 'discord']);
export type EmailType = z.infer<typeof EmailType>;

export const EmailStatus = z.enum([
  'PENDING_VERIFICATION',
  'VERIFIED',
  'DELETED',
  'CREATED_BY_ADMIN',
]);
export type EmailStatus = z.infer<typeof EmailStatus>;

export const EmailVerificationStatus = z.enum(['VERIFIED', 'ERROR']);
export type EmailVerificationStatus = z.infer<typeof EmailVerificationStatus>;

export const PhoneValidationStatus = z.enum(['VALID', 'INVALID', 'VOIP', 'VALIDATION_ERROR']);
export type PhoneValidationStatus = z.infer<typeof PhoneValidationStatus>;

export const ImageKind = z.enum(['profilePicture', 'coverPicture']);
export type ImageKind = z.infer<typeof ImageKind>;

export const VoucherStatus = z.enum(['PENDING', 'REDEEMED', 'REVOKED']);
export type VoucherStatus = z.infer<typeof VoucherStatus>;

/**
 * Music providers a user can prefer (user service): the user service's six, and the services
 * added later (MUSIC-PROVIDERS-5), so the preferred order in settings can name every one.
 */
export const UserMusicProvider = z.enum([
  'apple',
  'audius',
  'soundcloud',
  'spotify',
  'youtube',
  'sevenDigital',
  'deezer',
  'napster',
  'tidal',
  'amazonMusic',
  'pandora',
  'yandex',
  'spinrilla',
]);
export type UserMusicProvider = z.infer<typeof UserMusicProvider>;

export const AgoraRole = z.enum(['PUBLISHER', 'SUBSCRIBER']);
export type AgoraRole = z.infer<typeof AgoraRole>;

export const DevicePlatform = z.enum(['ios', 'android', 'web']);
export type DevicePlatform = z.infer<typeof DevicePlatform>;

/** Account lifecycle (DEACTIVATE-1, DEACTIVATE-2). */
export const AccountStatus = z.enum(['ACTIVE', 'DEACTIVATION_REQUESTED', 'DEACTIVATED']);
export type AccountStatus = z.infer<typeof AccountStatus>;

export const DeactivationRequestStatus = z.enum([
  'REQUESTED',
  'CANCELLED',
  'DEACTIVATED',
  'REACTIVATED',
]);
export type DeactivationRequestStatus = z.infer<typeof DeactivationRequestStatus>;

export const SERVICE_NAMES = [
  'user',
  'room',
  'song',
  'playlist',
  'notification',
  'social',
  'points',
  'payment',
  'audit',
  'upload',
  'merch',
  'chat',
] as const;
export const ServiceName = z.enum(SERVICE_NAMES);
export type ServiceName = z.infer<typeof ServiceName>;

export const Brand = z.enum(['hangout', 'turntable']);
export type Brand = z.infer<typeof Brand>;
