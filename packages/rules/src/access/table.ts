/**
 * ACCESS-TABLE-1: the one table from roles to permissions. Every client and the server read it
 * through `can` (./can.ts); nothing else in the code base lists roles to decide who may do what.
 * docs/ACCESS-RULES.md shows it, and a test checks the two agree.
 */
import type { ErrorCode, Permission } from '@tt/protocol';

/** Platform roles, as a token carries them. */
export type PlatformGrantee =
  | 'guest'
  | 'user'
  | 'bot'
  | 'promoter'
  | 'staff'
  | 'moderator'
  | 'globalModerator'
  | 'admin'
  | 'superUser';

/**
 * What someone holds in one place or has bought or been given (ACCESS-CONTEXT-1):
 * room roles in force in the room at hand, their role in the community at hand, Pro, the
 * capabilities staff gave them, being the owner of the thing at hand (`self`), the decks of
 * the room at hand being open to them by its DJ setting (`decks:open`, `decks:invited`, `decks:pro`),
 * and their place in its live audio: a DJ on stage now (`stage:dj`), a listener a host let talk
 * (`stage:invited`).
 */
export type ContextGrantee =
  | 'room:owner'
  | 'room:coOwner'
  | 'room:moderator'
  | 'community:owner'
  | 'community:moderator'
  | 'community:member'
  | 'capability:uploadMusic'
  | 'capability:promoteRoom'
  | 'self'
  | 'decks:open'
  | 'decks:invited'
  | 'decks:pro'
  | 'stage:dj'
  | 'stage:invited'
  | 'trust:earned';

export type Grantee = PlatformGrantee | ContextGrantee;

/** A grantee's permissions; `@role` takes every permission of that role (ACCESS-TABLE-2). */
export type Grant = Permission | `@${PlatformGrantee}`;

const ROOM_STAFF: readonly Permission[] = [
  'room.join.bypass',
  'room.view.private',
  'room.dj.remove.other',
  'room.skip.other',
  'room.booth.bypass',
  'room.dislikes.read',
  'room.kick',
  'room.ban',
  'room.roles.assign',
  'room.notify',
  'room.pins.edit',
  'chat.message.delete.other',
  'chat.room.announce',
  'chat.members.manage',
  'chat.read.offline',
  'community.event.schedule',
  'event.edit',
  'room.voice.cut',
];

const ROOM_MANAGERS: readonly Permission[] = [
  ...ROOM_STAFF,
  'room.moderators.assign',
  'room.settings.edit',
  'community.rooms.add',
  'community.rooms.remove',
  'room.voice.speak',
  'room.voice.invite',
];

export const ACCESS_TABLE: Readonly<Record<Grantee, readonly Grant[]>> = {
  // Platform roles
  guest: ['room.join', 'room.chat'],
  user: ['room.join', 'room.chat', 'room.create', 'crate.create', 'bot.create', 'room.voice.hand'],
  bot: ['@user', 'trust.skip'],
  promoter: ['@user'],
  staff: [
    '@user',
    'service.call',
    'provider.token.read',
    'push.send.direct',
    'devices.other.read',
    'subscription.other.read',
    'audit.events.read',
    'avatar.assign',
    'chat.users.create',
    'chat.members.manage',
    'chat.reports.read',
    'moderation.log.read',
    'moderation.log.write',
    'audit.geolocate',
    'analytics.read',
    'room.account.manage',
    'song.key.any',
    'trust.skip',
  ],
  moderator: [
    '@user',
    'trust.skip',
    ...ROOM_STAFF,
    'room.restrictions.bypass',
    'room.moderators.assign',
    'room.settings.edit',
    'community.rooms.add',
    'community.rooms.remove',
    'user.kick',
    'user.ban',
    'user.role.grant',
    'user.capability.edit',
    'user.profile.edit.other',
    'user.badges.edit',
    'user.notes',
    'user.deactivate.other',
    'user.deactivation.manage',
    'user.moderation.read',
    'phone.review',
    'upload.access.review',
    'song.edit',
    'song.key.any',
    'chat.reports.read',
    'moderation.log.read',
    'moderation.log.write',
    'audit.geolocate',
  ],
  globalModerator: ['@moderator'],
  admin: [
    '@globalModerator',
    'room.coOwners.assign',
    'room.owner.change',
    'room.delete',
    'room.promote',
    'room.create.unlimited',
    'room.account.manage',
    'community.manage',
    'community.roles.assign',
    'community.members.remove',
    'community.create.unlimited',
    'community.owner.act',
    'user.role.grant.any',
    'user.role.globalModerator.grant',
    'user.invitations.other',
    'song.delete',
    'avatar.wear.any',
    'avatar.assign',
    'admin.users',
    'admin.rooms',
    'admin.phone',
    'admin.vouchers',
    'admin.points',
    'admin.avatars',
    'admin.payments',
    'admin.djs',
    'admin.contacts',
    'admin.communities',
    'admin.events',
    'admin.songs',
    'admin.status',
    'admin.notifications',
    'moderation.log.edit',
    'audit.events.read',
    'analytics.read',
    'push.send.direct',
    'devices.other.read',
    'subscription.other.read',
    'chat.users.create',
  ],
  superUser: ['@admin', '@staff', 'user.role.superUser.grant'],

  // Roles in the room at hand (in force: ACCESS-ROLE-1)
  'room:owner': [...ROOM_MANAGERS, 'room.coOwners.assign', 'room.owner.change', 'room.delete'],
  'room:coOwner': ROOM_MANAGERS,
  'room:moderator': ROOM_STAFF,

  // Roles in the community at hand
  'community:owner': [
    'community.manage',
    'community.owner.act',
    'community.roles.assign',
    'community.members.remove',
    'community.rooms.remove',
  ],
  'community:moderator': [
    'community.manage',
    'community.roles.assign',
    'community.members.remove',
    'community.rooms.remove',
  ],
  'community:member': [],

  // What someone was given, and what is theirs
  'capability:uploadMusic': ['song.upload'],
  'capability:promoteRoom': ['room.promote'],
  self: ['song.edit', 'song.delete', 'event.edit'],

  // A room's DJ setting (RR-DJ-1…5, SUB-PERKS-2)
  'decks:open': ['room.dj'],
  'decks:invited': ['room.dj'],
  'decks:pro': ['room.dj'],

  // A room's live audio (LIVE-AUDIO-2, LIVE-AUDIO-3)
  'stage:dj': ['room.voice.speak'],
  'stage:invited': ['room.voice.speak'],

  // TRUST-3: an account past a threshold of listening or points (TRUST-2)
  'trust:earned': ['trust.skip'],
};

/**
 * ACCESS-RESTRICT-1: what takes permissions away. A room's ban and kick keep someone out and off
 * the decks, `djDisabled` off the decks, `chatDisabled` quiet; an account whose e-mail address is
 * not verified may not create rooms, crates or bots, nor DJ (SEC-UNVERIFIED-1). `bypass` lists
 * the permissions that whoever holds `room.restrictions.bypass` keeps anyway.
 */
export type Restriction =
  'room:banned' | 'room:kicked' | 'room:djDisabled' | 'room:chatDisabled' | 'unverified';

export const RESTRICTIONS: Readonly<
  Record<Restriction, { removes: readonly Permission[]; bypass: readonly Permission[] }>
> = {
  'room:banned': {
    removes: ['room.join', 'room.dj', 'room.chat', 'room.voice.speak', 'room.voice.hand'],
    bypass: ['room.join', 'room.chat'],
  },
  'room:kicked': {
    removes: ['room.join', 'room.dj', 'room.chat', 'room.voice.speak', 'room.voice.hand'],
    bypass: ['room.join', 'room.chat'],
  },
  'room:djDisabled': { removes: ['room.dj'], bypass: [] },
  'room:chatDisabled': {
    removes: ['room.chat', 'room.voice.speak', 'room.voice.hand'],
    bypass: ['room.chat', 'room.voice.speak', 'room.voice.hand'],
  },
  unverified: {
    removes: ['room.create', 'crate.create', 'bot.create', 'room.dj', 'song.upload'],
    bypass: [],
  },
};

/**
 * ACCESS-REFUSE-1: the stable error code of each refusal. A permission a route declares refuses
 * with FORBIDDEN_ROLE; the others answer with the code their clients already know. What an
 * unverified account may not do answers EMAIL_NOT_VERIFIED_ACTION whatever the permission.
 */
export const REFUSALS: Partial<Record<Permission, ErrorCode>> = {
  'room.join': 'ROOM_BANNED',
  'room.dj.remove.other': 'ROOM_REMOVE_DJ_FORBIDDEN',
  'room.skip.other': 'ROOM_SKIP_FORBIDDEN',
  'room.booth.bypass': 'ROOM_RULE_BOOTH_LOCKED',
  'room.chat': 'ROOM_EMOJI_DISABLED',
  'room.kick': 'ROOM_MODERATE_FORBIDDEN',
  'room.ban': 'ROOM_MODERATE_FORBIDDEN',
  'room.roles.assign': 'ROOM_MODERATE_FORBIDDEN',
  'room.moderators.assign': 'ROOM_MANAGE_FORBIDDEN',
  'room.coOwners.assign': 'ROOM_ROLE_COOWNER_OWNER_ONLY',
  'room.owner.change': 'ROOM_OWNER_ONLY',
  'room.delete': 'ROOM_OWNER_ONLY',
  'room.settings.edit': 'ROOM_MANAGE_FORBIDDEN',
  'room.promote': 'ROOM_PROMOTE_FORBIDDEN',
  'room.notify': 'NOTIFY_ROOM_FORBIDDEN',
  'room.pins.edit': 'ROOM_MODERATE_FORBIDDEN',
  'chat.message.delete.other': 'CHAT_RECALL_FORBIDDEN',
  'chat.room.announce': 'CHAT_ROOM_MESSAGE_FORBIDDEN',
  'chat.members.manage': 'ROOM_MODERATE_FORBIDDEN',
  'chat.read.offline': 'ROOM_NOT_LIVE',
  'community.manage': 'COMMUNITY_MANAGE_FORBIDDEN',
  'community.owner.act': 'COMMUNITY_OWNER_ONLY',
  'community.event.schedule': 'EVENT_FORBIDDEN',
  'community.rooms.add': 'COMMUNITY_ROOM_FORBIDDEN',
  'community.rooms.remove': 'COMMUNITY_MANAGE_FORBIDDEN',
  'event.edit': 'EVENT_FORBIDDEN',
  'user.role.grant.any': 'ROLE_GRANT_FORBIDDEN',
  'user.deactivate.other': 'DEACTIVATE_FORBIDDEN',
  'user.invitations.other': 'SOCIAL_OTHER_USER',
  'song.upload': 'SONG_UPLOAD_FORBIDDEN',
  'song.edit': 'TAGS_NOT_OWNED',
  'song.delete': 'SONG_DELETE_FORBIDDEN',
  'song.key.any': 'HLS_KEY_FORBIDDEN',
  'provider.token.read': 'PROVIDER_TOKEN_FORBIDDEN',
  'devices.other.read': 'NOTIFY_OTHER_USER',
  'room.voice.speak': 'LIVE_AUDIO_SPEAK_FORBIDDEN',
  'room.voice.invite': 'LIVE_AUDIO_INVITE_FORBIDDEN',
  'room.voice.cut': 'LIVE_AUDIO_CUT_FORBIDDEN',
};
