import type { RoomDto } from '@tt/protocol';
import { fail } from '../../platform/errors';
import type { RoomRef, RoomsPort, RoomViewer } from '../../platform/ports';
import type { Platform } from '../../platform/service';
import { requirePort } from '../../platform/wiring';
import { UpcomingCache } from './events.cache';

/** Who looks: a caller's token, or nobody (a public route called without one). */
export type Viewer = RoomViewer;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How a route names a community or an event: its uuid, its numeric id, or its slug (any case). */
export function keyKind(key: string): 'uuid' | 'id' | 'slug' {
  if (UUID_RE.test(key)) return 'uuid';
  return /^\d{1,9}$/.test(key) ? 'id' : 'slug';
}

/**
 * What communities and events share: the platform, and rooms as the room service's port answers
 * them. This module keeps room ids only; it never reads the room service's tables.
 */
export class CommunityCore {
  /** EVT-LIST-3: the upcoming lists this process keeps. */
  readonly upcoming: UpcomingCache;

  constructor(readonly platform: Platform) {
    this.upcoming = new UpcomingCache(platform.config.EVENT_LIST_KEEP * 1000);
  }

  /**
   * EVT-LIST-3: an event, a community's visibility or its rooms changed: the kept lists are
   * dropped here at once and on every other process through the bus.
   */
  listsChanged(): void {
    this.upcoming.drop();
    this.platform.bus
      .publish('community.listsChanged', { at: Date.now() })
      .catch((err) => this.platform.log.warn({ err }, 'publishing a list change failed'));
  }

  /** The room service mounts this module after installing its port. */
  private get port(): RoomsPort {
    return requirePort(this.platform, 'rooms');
  }

  /** A live room by uuid, slug (any case) or numeric id, with its roles in force; or null. */
  findRoom(key: string): Promise<RoomDto | null> {
    return this.port.find(key);
  }

  /** The same; 404 "Room not found." when there is none. */
  async room(key: string): Promise<RoomDto> {
    const room = await this.findRoom(key);
    if (!room) throw fail('ROOM_NOT_FOUND');
    return room;
  }

  /** Live rooms by id (deleted and unknown ones left out). */
  async refs(roomIds: number[]): Promise<Map<number, RoomRef>> {
    if (roomIds.length === 0) return new Map();
    const refs = await this.port.refs([...new Set(roomIds)]);
    return new Map(refs.map((r) => [r.id, r]));
  }

  /** Live rooms by id, in that order, as `viewer` sees them in a list (who is in them now). */
  views(roomIds: number[], viewer: Viewer): Promise<RoomDto[]> {
    return roomIds.length === 0 ? Promise.resolve([]) : this.port.views(roomIds, viewer);
  }

  /** How many people are in the room now (none while no live source is attached, ROOM-LIVE-1). */
  people(roomUuid: string): number {
    return this.port.presence(roomUuid)?.userUuids.length ?? 0;
  }

  /** Does the account exist (and is it active)? Unknown when the user service is not running here. */
  async assertUserExists(uuid: string): Promise<void> {
    const users = this.platform.ports.users;
    if (!users) return;
    const [profile] = await users.profiles([uuid]);
    if (!profile) throw fail('USER_PROFILE_NOT_FOUND');
  }
}
