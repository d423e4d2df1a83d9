import type { ClientRoomState } from '@tt/protocol';
import type { Occupancy } from '@tt/rules';
import type { LiveRoomsSource, RoomHeadcount, RoomPresence } from '../../platform/ports';

const NOBODY: ReadonlyMap<string, RoomHeadcount> = new Map();

/**
 * The room service's read model of live rooms: who is in a room, how many, and the state its
 * clients hold. The room service does not run live rooms — the realtime engine does, and attaches
 * itself here through the rooms port (`attachLive`) when it starts. So the room service depends on
 * nothing of the realtime engine; the engine depends on the room service.
 *
 * ROOM-LIVE-1: with no source attached (the realtime engine not started yet, or stopped), nobody is
 * in any room: no presence in lists, no occupancy to refuse a join for, no live state
 * (GET room-state answers ROOM_EMPTY), and only a password room's staff and grant holders see inside.
 */
export class LiveRooms {
  private source: LiveRoomsSource | null = null;

  /** Attaches the live source, replacing any other; the answer detaches it (if still attached). */
  attach(source: LiveRoomsSource): () => void {
    this.source = source;
    return () => {
      if (this.source === source) this.source = null;
    };
  }

  get attached(): boolean {
    return this.source !== null;
  }

  /** Who is in the room now; undefined without a live source. */
  presence(roomUuid: string): RoomPresence | undefined {
    return this.source?.presence(roomUuid);
  }

  /** Users and guests in the room now; undefined without a live source. */
  occupancy(roomUuid: string): Occupancy | undefined {
    return this.source?.occupancy(roomUuid);
  }

  /** ROOM-LIST-1: the rooms somebody is in, with their users and DJs; none without a source. */
  headcounts(): ReadonlyMap<string, RoomHeadcount> {
    return this.source?.headcounts() ?? NOBODY;
  }

  isInRoom(roomUuid: string, userUuid: string): boolean {
    return this.source?.isInRoom(roomUuid, userUuid) ?? false;
  }

  /** The state clients of the room hold; null when nobody is in it or without a live source. */
  async roomState(roomUuid: string): Promise<ClientRoomState | null> {
    return (await this.source?.roomState(roomUuid)) ?? null;
  }
}
