import { z } from 'zod';

/**
 * Every permission the product grants (ACCESS-NAME-1). Endpoints name the one they need in their
 * `auth`; who holds which is the table in `@tt/rules` (`ACCESS_TABLE`, read through `can`), the
 * only place that maps roles to permissions.
 */
export const PERMISSIONS = [
  // Rooms: being there, DJing, chatting in the room socket
  'room.join',
  'room.join.bypass', // past a room's password, privacy and size (its moderators)
  'room.view.private',
  'room.dj',
  'room.dj.remove.other',
  'room.skip.other',
  'room.booth.bypass', // a seat in a room whose booth is locked (ROOM-RULES-3)
  'room.dislikes.read', // the dislike count of a room that keeps it private (VOTE-PLAY-5)
  'room.chat',
  'room.restrictions.bypass', // a room's ban, kick and mute do not hold platform moderators back
  // Live audio in a room (LIVE-AUDIO-2..4)
  'room.voice.speak',
  'room.voice.hand',
  'room.voice.invite',
  'room.voice.cut',
  // Room moderation and management
  'room.kick',
  'room.ban',
  'room.roles.assign', // dj and the disciplinary roles
  'room.moderators.assign',
  'room.coOwners.assign',
  'room.owner.change',
  'room.settings.edit',
  'room.delete',
  'room.promote',
  'room.notify',
  'room.pins.edit',
  'room.create.unlimited',
  'room.create',
  'room.account.manage',
  // Chat
  'chat.message.delete.other',
  'chat.room.announce', // a message of type "room" (a notice from the room's staff)
  'chat.members.manage',
  'chat.read.offline', // a room's chat while the room is not live
  'chat.reports.read',
  'chat.users.create',
  // Communities and events
  'community.manage',
  'community.owner.act',
  'community.roles.assign',
  'community.members.remove',
  'community.event.schedule',
  'community.create.unlimited',
  'community.rooms.add',
  'community.rooms.remove',
  'event.edit',
  // People and accounts
  'user.kick',
  'user.ban',
  'user.role.grant',
  'user.role.grant.any',
  'user.role.globalModerator.grant',
  'user.role.superUser.grant',
  'user.capability.edit',
  'user.profile.edit.other',
  'user.badges.edit',
  'user.notes',
  'user.deactivate.other',
  'user.deactivation.manage',
  'user.moderation.read',
  'user.invitations.other',
  'phone.review',
  'upload.access.review',
  // Music
  'song.upload',
  'song.edit',
  'song.delete',
  'song.key.any',
  'crate.create',
  'bot.create',
  // Staff console and service routes
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
  'avatar.wear.any',
  'avatar.assign',
  'moderation.log.read',
  'moderation.log.write',
  'moderation.log.edit',
  'audit.geolocate',
  'audit.events.read',
  'analytics.read',
  'push.send.direct',
  'devices.other.read',
  'subscription.other.read',
  'provider.token.read',
  'service.call',
  'trust.skip', // past the limits on new accounts: links, DMs to strangers, busy seats (TRUST-3)
] as const;
export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;
