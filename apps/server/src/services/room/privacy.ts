import { createHash } from 'node:crypto';
import type { AuthContext } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { actorFrom, can } from '@tt/rules';
import { accessRoom, type LoadedRoom, type RoomCore } from './core';
import type { RoleRow } from './roles.repository';
import type { RoomRow } from './rooms.repository';

/** Who looks at a room: the caller's token, or nobody (a public route called without one). */
export type Viewer = Pick<AuthContext, 'uuid' | 'roles' | 'isGuest'> | null;

/** A password hash named without repeating it: a new password ends every grant of the old one. */
const fingerprint = (hash: string) => createHash('sha256').update(hash).digest('hex').slice(0, 16);

const grantKey = (roomUuid: string, hash: string, userUuid: string) =>
  `room-pass:${roomUuid}:${fingerprint(hash)}:${userUuid}`;

/**
 * SEC-ROOM-PRIV-1: who is inside a password-protected room, its live state and its songs are for
 * those who passed its password. "Passed" means one of: the room's staff (owner, co-owners,
 * moderators) and the platform's moderators and admins; being in the live room now (joinRoom on
 * the socket checks the password every time); or a grant left by a password accepted within
 * ROOM_PASSWORD_GRANT_TTL (REST join or socket joinRoom), kept in the shared counters so every
 * process sees it. The guest password locks the room for guests and callers without a token.
 */
export class RoomPrivacy {
  constructor(private readonly core: RoomCore) {}

  /** The passwords standing between this viewer and the room's inside. */
  private locks(room: RoomRow, viewer: Viewer): string[] {
    const guestLike = !viewer || viewer.isGuest;
    return [room.passwordHash, ...(guestLike ? [room.guestPasswordHash] : [])].filter(
      (h): h is string => Boolean(h),
    );
  }

  /** Is the room locked for this viewer? (false for rooms without a password: no check needed) */
  isLocked(room: RoomRow, viewer: Viewer): boolean {
    return this.locks(room, viewer).length > 0;
  }

  async canSeeInside(room: RoomRow, roles: RoleRow[], viewer: Viewer): Promise<boolean> {
    const locks = this.locks(room, viewer);
    if (locks.length === 0) return true;
    if (!viewer) return false;
    if (can(actorFrom(viewer), 'room.view.private', { room: accessRoom(roles) })) return true;
    if (this.core.live.isInRoom(room.uuid, viewer.uuid)) return true;
    for (const hash of locks) {
      if ((await this.core.platform.counters.get(grantKey(room.uuid, hash, viewer.uuid))) > 0) {
        return true;
      }
    }
    return false;
  }

  /** 403 "This room needs a password." unless the viewer may see inside. */
  async assertInside({ room, roles }: LoadedRoom, viewer: Viewer): Promise<void> {
    if (!(await this.canSeeInside(room, roles, viewer))) throw fail('ROOM_PASSWORD_REQUIRED');
  }

  /** The user gave the password `hash` checks: the room's inside is open to them for a while. */
  async grant(roomUuid: string, hash: string, userUuid: string): Promise<void> {
    const key = grantKey(roomUuid, hash, userUuid);
    const counters = this.core.platform.counters;
    await counters.reset(key);
    await counters.hit(key, this.core.platform.config.ROOM_PASSWORD_GRANT_TTL);
  }
}
