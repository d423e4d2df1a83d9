import type {
  Capability,
  ClientRoomState,
  MinimalSongDto,
  RoomDto,
  TokenRole,
  UserProfileDto,
  VoteCounts,
} from '@tt/protocol';

/**
 * In-process ports between parts of the platform. A service installs the port it provides when it
 * registers; a consumer checks for it and degrades gracefully when that service is not running in
 * this process (SERVICES=...). Services never reach into each other's tables.
 */
export interface Ports {
  /** Installed by the user service. */
  users?: UsersPort;
  /** Installed by the room service; used by the realtime layer. */
  rooms?: RoomsPort;
  /** Installed by the realtime layer; used by the room service (lists, room-state, join checks). */
  realtime?: RealtimePort;
}

export interface UsersPort {
  /** Public profiles of these accounts (unknown and deactivated left out). */
  profiles(uuids: string[]): Promise<UserProfileDto[]>;
  /** Capabilities an account holds (not carried in tokens); [] for unknown accounts. */
  capabilities(uuid: string): Promise<Capability[]>;
  /** The account owning a live e-mail address (demo seeds), or null. */
  uuidByEmail(email: string): Promise<string | null>;
}

export interface JoinRequest {
  roomUuid: string;
  userUuid: string;
  isGuest: boolean;
  roles: TokenRole[];
  password?: string;
  guestPassword?: string;
}

export interface RoomsPort {
  /** The room (with its current roomRoles, expired roles left out), or null. */
  get(roomUuid: string): Promise<RoomDto | null>;
  /**
   * May this user enter? Checks the room exists and is live, passwords, bans (room role `banned`
   * or `kicked` not yet expired). Throws an AppError (403/404) with a clear message when not.
   * The room size is checked by the realtime layer, which knows who is connected.
   */
  authorizeJoin(req: JoinRequest): Promise<RoomDto>;
  /** A song started: it goes to the front of the room's recent songs. Answers the entry id. */
  songStarted(input: {
    roomUuid: string;
    song: MinimalSongDto;
    djUuid: string;
    startedAt: Date;
  }): Promise<number>;
  /** The song of `recentSongId` ended (played out or skipped): final vote counts and played seconds. */
  songEnded(input: {
    recentSongId: number;
    voteCounts: VoteCounts;
    playedSeconds: number;
  }): Promise<void>;
  /** Persisted live state of a room (opaque to the room service), or null. */
  loadLiveState(roomUuid: string): Promise<Record<string, unknown> | null>;
  saveLiveState(roomUuid: string, state: Record<string, unknown> | null): Promise<void>;
  /** Uuids of rooms with persisted live state (to re-arm timers at start). */
  liveRoomUuids(): Promise<string[]>;
}

export interface RoomPresence {
  userUuids: string[];
  djUuids: string[];
  song: MinimalSongDto | null;
}

export interface RealtimePort {
  /** The state clients of this room hold, or null when nobody is in it. */
  roomState(roomUuid: string): Promise<ClientRoomState | null>;
  /** Who is in the room right now (guests excluded from userUuids). */
  presence(roomUuid: string): RoomPresence;
  /** Number of connected users in the room, guests included (room size rule). */
  occupancy(roomUuid: string): number;
}
