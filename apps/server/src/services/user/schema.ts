import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AccessRequestStatus,
  AccountStatus,
  Badge,
  Capability,
  DeactivationRequestStatus,
  EmailStatus,
  EmailType,
  ImageKind,
  PhoneValidationStatus,
  UserMusicProvider,
  UserRole,
  VoucherStatus,
} from '@tt/protocol';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();

/** An account: a person or a bot. Profile fields follow OtherUserProfileResDto. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    nickname: text('nickname').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    color: text('color').notNull().default('#562DF9'),
    avatarId: text('avatar_id').notNull().default('default'),
    pronoun: text('pronoun').notNull().default(''),
    displayPronouns: boolean('display_pronouns').notNull().default(false),
    songOfTheWeek: text('song_of_the_week').notNull().default(''),
    song: jsonb('song'),
    zodiac: text('zodiac').notNull().default(''),
    profilePicture: text('profile_picture').notNull().default(''),
    coverPicture: text('cover_picture').notNull().default(''),
    facebook: text('facebook').notNull().default(''),
    instagram: text('instagram').notNull().default(''),
    twitter: text('twitter').notNull().default(''),
    snapchat: text('snapchat').notNull().default(''),
    tiktok: text('tiktok').notNull().default(''),
    priceForGig: integer('price_for_gig').notNull().default(0),
    badges: jsonb('badges').$type<Badge[]>().notNull().default([]),
    roles: jsonb('roles').$type<UserRole[]>().notNull().default(['user']),
    capabilities: jsonb('capabilities').$type<Capability[]>().notNull().default([]),
    musicProviders: jsonb('music_providers').$type<UserMusicProvider[]>().notNull().default([]),
    /** Free-form client settings (GET/PUT /users/profile/user-data). */
    userData: jsonb('user_data').$type<Record<string, unknown>>().notNull().default({}),
    passwordHash: text('password_hash'),
    phoneNumber: text('phone_number').unique(),
    isBot: boolean('is_bot').notNull().default(false),
    /** The account that created this bot. */
    botOwnerUuid: uuid('bot_owner_uuid'),
    status: text('status').$type<AccountStatus>().notNull().default('ACTIVE'),
    banned: boolean('banned').notNull().default(false),
    bannedUntil: ts('banned_until'),
    banReason: text('ban_reason'),
    /** Bumped by kick, ban, deactivation and password changes: older tokens stop working. */
    sessionVersion: integer('session_version').notNull().default(0),
    lastLoginAt: ts('last_login_at'),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('users_nickname_idx').on(sql`lower(${t.nickname})`)],
);

/** E-mail addresses of an account (one primary). */
export const emails = pgTable(
  'emails',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    type: text('type').$type<EmailType>().notNull().default('personal'),
    status: text('status').$type<EmailStatus>().notNull().default('PENDING_VERIFICATION'),
    isPrimary: boolean('is_primary').notNull().default(false),
    verificationCode: text('verification_code'),
    verificationExpiresAt: ts('verification_expires_at'),
    verificationSentAt: ts('verification_sent_at'),
    verifiedAt: ts('verified_at'),
    deletedAt: ts('deleted_at'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('emails_live_address_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} <> 'DELETED'`),
    index('emails_user_idx').on(t.userId),
  ],
);

/** Single-use secrets: password resets and magic links (stored as SHA-256 hashes). */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').$type<'password-reset' | 'magic-link'>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: created(),
  },
  (t) => [index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Codes sent by SMS for phone login. */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: created(),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phoneNumber, t.createdAt)],
);

/** Numbers allowed to log in even when validation would refuse them (test devices, reviewers). */
export const phoneWhitelist = pgTable('phone_whitelist', {
  id: serial('id').primaryKey(),
  phoneNumber: text('phone_number').notNull().unique(),
  note: text('note').notNull().default(''),
  /** A fixed login code for this number (store reviewers); null sends a real SMS. */
  fixedCode: text('fixed_code'),
  createdBy: uuid('created_by'),
  createdAt: created(),
});

/** Recent phone validations (GET/DELETE /phone-validation/recents). */
export const phoneValidations = pgTable(
  'phone_validations',
  {
    id: serial('id').primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    status: text('status').$type<PhoneValidationStatus>().notNull(),
    lineType: text('line_type'),
    country: text('country'),
    requestedBy: uuid('requested_by'),
    createdAt: created(),
  },
  (t) => [index('phone_validations_created_idx').on(t.createdAt)],
);

/** Uploaded profile and cover pictures. */
export const userImages = pgTable(
  'user_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ImageKind>().notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: created(),
  },
  (t) => [index('user_images_user_idx').on(t.userId)],
);

/** Notes moderators keep about an account. */
export const moderationComments = pgTable(
  'moderation_comments',
  {
    id: serial('id').primaryKey(),
    userUuid: uuid('user_uuid').notNull(),
    authorUuid: uuid('author_uuid').notNull(),
    comment: text('comment').notNull(),
    createdAt: created(),
  },
  (t) => [index('moderation_comments_user_idx').on(t.userUuid)],
);

/** Account deactivation requests and their outcome. */
export const deactivationRequests = pgTable(
  'deactivation_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    status: text('status').$type<DeactivationRequestStatus>().notNull().default('REQUESTED'),
    handledBy: uuid('handled_by'),
    handledAt: ts('handled_at'),
    createdAt: created(),
  },
  (t) => [index('deactivation_requests_status_idx').on(t.status)],
);

/** ACCESS-REQ-1: people asking moderators for the upload permission; one pending per person. */
export const uploadAccessRequests = pgTable(
  'upload_access_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    status: text('status').$type<AccessRequestStatus>().notNull().default('PENDING'),
    handledBy: uuid('handled_by'),
    handledAt: ts('handled_at'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('upload_access_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'PENDING'`),
    index('upload_access_status_idx').on(t.status, t.createdAt),
  ],
);

/** Invite vouchers: sign up with one, or redeem one for a capability. */
export const vouchers = pgTable('vouchers', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique().defaultRandom(),
  code: text('code').notNull().unique(),
  status: text('status').$type<VoucherStatus>().notNull().default('PENDING'),
  /** Granted to the account that redeems it. */
  capability: text('capability').$type<Capability>(),
  note: text('note').notNull().default(''),
  createdBy: uuid('created_by').notNull(),
  redeemedBy: uuid('redeemed_by'),
  redeemedAt: ts('redeemed_at'),
  revokedAt: ts('revoked_at'),
  createdAt: created(),
});

/** Which connection a row of provider_tokens holds. */
export type ProviderConnection =
  'spotify' | 'soundcloud' | 'soundcloudMobile' | 'youtube' | 'apple';

/**
 * A user's connection to a music provider: its tokens, encrypted at rest (AES-256-GCM, see
 * providers/provider-tokens.crypto.ts), and when the access token expires. One row per user and provider.
 */
export const providerTokens = pgTable(
  'provider_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<ProviderConnection>().notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    expiresAt: ts('expires_at'),
    scope: text('scope'),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('provider_tokens_user_provider_idx').on(t.userId, t.provider)],
);

/** DISCORD-LINK-1: the Discord account linked to an account (one each way). */
export const discordLinks = pgTable('discord_links', {
  discordId: text('discord_id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  username: text('username').notNull(),
  linkedAt: ts('linked_at').notNull().defaultNow(),
});
