import type { UserProfileDto } from '@tt/protocol';

/** Domain events that cross service boundaries, with their payloads. */
export interface DomainEvents {
  'user.created': { uuid: string; nickname: string; isBot: boolean };
  'user.profileUpdated': { uuid: string; profile: UserProfileDto };
  /** Every session of the account ended (kick, password change); sockets should close. */
  'user.kicked': { uuid: string; reason: string; by: string | null };
  'user.banned': { uuid: string; until: string | null; reason: string; by: string };
  'user.unbanned': { uuid: string; by: string };
  'user.deactivated': { uuid: string };
  'user.reactivated': { uuid: string };
  'user.rolesChanged': { uuid: string; roles: string[] };
}

export type Topic = keyof DomainEvents;
