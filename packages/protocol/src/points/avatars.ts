import { z } from 'zod';

/** Who may see and wear an avatar (AVATAR-WEAR-1 in docs/POINTS-RULES.md). */
export const AvatarVisibility = z.enum(['PUBLIC', 'PRIVATE', 'SEASON_AWARD', 'SUBSCRIBER_ONLY']);
export type AvatarVisibility = z.infer<typeof AvatarVisibility>;

/** How a person came to hold an avatar that is not public. */
export const AvatarAssignmentType = z.enum(['MANUAL', 'SEASON_AWARD', 'PURCHASED']);
export type AvatarAssignmentType = z.infer<typeof AvatarAssignmentType>;

/** The layers an avatar is drawn from (the web draws each one in SVG). */
export const AVATAR_PARTS = {
  body: ['classic', 'round', 'tall', 'bear', 'robot'],
  head: ['round', 'oval', 'square', 'cat', 'bear', 'robot', 'alien', 'fox'],
  hair: [
    'none',
    'short',
    'afro',
    'bob',
    'mohawk',
    'bun',
    'spikes',
    'long',
    'curls',
    'cap',
    'beanie',
  ],
  outfit: ['tee', 'hoodie', 'jacket', 'dress', 'overalls', 'suit', 'stripes', 'sequins'],
  accessory: [
    'none',
    'headphones',
    'shades',
    'glasses',
    'crown',
    'chain',
    'horns',
    'halo',
    'flower',
    'star',
  ],
} as const;

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #562DF9');

export const AvatarArt = z.object({
  body: z.enum(AVATAR_PARTS.body),
  head: z.enum(AVATAR_PARTS.head),
  hair: z.enum(AVATAR_PARTS.hair),
  outfit: z.enum(AVATAR_PARTS.outfit),
  accessory: z.enum(AVATAR_PARTS.accessory),
  skin: hex,
  hairColor: hex,
  outfitColor: hex,
  accent: hex,
});
export type AvatarArt = z.infer<typeof AvatarArt>;

export const AvatarSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,48}[a-z0-9]$/, 'must be 3–50 letters, digits and dashes');

export const AvatarDto = z.object({
  id: z.string().uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  visibility: AvatarVisibility,
  /** Only for the Discord activity (its chat users wear it); not offered in the picker. */
  discordOnly: z.boolean(),
  art: AvatarArt,
  /** SEASON_AWARD: the top this many of a season earn it (null: given by hand only). */
  awardTopRank: z.number().int().nullable(),
  /** SEASON_AWARD: earned in this season only (null: in any season). */
  awardSeasonId: z.number().int().nullable(),
  customFields: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AvatarDto = z.infer<typeof AvatarDto>;

/** Why an avatar shown to someone is locked for them, and so how to unlock it. */
export const AvatarLock = z.enum(['SUBSCRIBE', 'SEASON_RANK', 'ASSIGNED_ONLY', 'DISCORD']);
export type AvatarLock = z.infer<typeof AvatarLock>;

/** An avatar as the caller sees it in the picker. */
export const MyAvatarDto = AvatarDto.extend({
  /** Null when they may wear it. */
  lock: AvatarLock.nullable(),
  /** How they hold it, when it was given to them. */
  assignment: AvatarAssignmentType.nullable(),
});
export type MyAvatarDto = z.infer<typeof MyAvatarDto>;

export const CreateAvatarReq = z
  .object({
    slug: AvatarSlug,
    name: z.string().trim().min(1).max(60),
    description: z.string().trim().max(300).default(''),
    visibility: AvatarVisibility.default('PUBLIC'),
    discordOnly: z.boolean().default(false),
    art: AvatarArt,
    awardTopRank: z.number().int().min(1).max(10_000).nullable().default(null),
    awardSeasonId: z.number().int().min(1).nullable().default(null),
  })
  .strict();
export type CreateAvatarReq = z.input<typeof CreateAvatarReq>;

export const UpdateAvatarReq = z
  .object({
    name: z.string().trim().min(1).max(60),
    description: z.string().trim().max(300),
    visibility: AvatarVisibility,
    discordOnly: z.boolean(),
    art: AvatarArt,
    awardTopRank: z.number().int().min(1).max(10_000).nullable(),
    awardSeasonId: z.number().int().min(1).nullable(),
  })
  .partial()
  .strict();

export const AssignAvatarReq = z
  .object({
    userUuid: z.string().uuid('must be a user uuid'),
    type: AvatarAssignmentType.default('MANUAL'),
  })
  .strict();
export const UnassignAvatarReq = z
  .object({ userUuid: z.string().uuid('must be a user uuid') })
  .strict();

export const AvatarAssignmentDto = z.object({
  avatarId: z.string().uuid(),
  userUuid: z.string(),
  type: AvatarAssignmentType,
  seasonId: z.number().int().nullable(),
  createdAt: z.string(),
});

const fieldKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z][\w.-]{0,39}$/, 'must be a field name');
export const CustomFieldReq = z
  .object({ avatarId: z.string().uuid(), key: fieldKey, value: z.string().max(500) })
  .strict();
export const DeleteCustomFieldReq = z
  .object({ avatarId: z.string().uuid(), key: fieldKey })
  .strict();

/** May this person wear this avatar? */
export const AvatarHoldingDto = z.object({
  userUuid: z.string(),
  slug: z.string(),
  wearable: z.boolean(),
  lock: AvatarLock.nullable(),
});
