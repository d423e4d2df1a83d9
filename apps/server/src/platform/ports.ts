import type { Writable } from 'node:stream';
import type {
  Badge,
  Capability,
  ClientRoomState,
  ErrorCode,
  MinimalSongDto,
  RoomDto,
  TokenRole,
  UserProfileDto,
  VoteCounts,
} from '@tt/protocol';
import type { GatewayChatClientFrame, SubscriptionLevel } from '@tt/protocol';
import type { Occupancy } from '@tt/rules';
import type { AuthContext } from './auth';
import type { SongsPort } from './ports-songs';

/**
 * In-process ports between parts of the platform. A service installs the ports it provides when it
 * registers and declares which it requires and which it can run without (its wiring,
 * platform/wiring.ts): a required port is there whenever the service runs (`requirePort`), an
 * optional one may be absent when its service is not in this process (SERVICES=...), and the
 * consumer then does what its wiring says. Services never reach into each other's tables.
 */
export interface Ports {
  /** Installed by the user service. */
  users?: UsersPort;
  /**
   * Installed by the room service; used by the realtime engine (which attaches what it knows of
   * live rooms to it, `attachLive`), chat, communities and events, notifications, playlists.
   */
  rooms?: RoomsPort;
  /** Installed by the song service; used by the playlist service (search, song data, imports). */
  songs?: SongsPort;
  /** Installed by the user service; used by the playlist service (crate exports). */
  providerTokens?: ProviderTokensPort;
  /** Installed by the realtime engine; used by the song service (who may have a song's HLS key). */
  listening?: ListeningPort;
  /** Installed by the realtime engine; used by the user service (`POST /agora/token`). */
  liveAudio?: LiveAudioPort;
  /**
   * Installed by the social service, which keeps blocks (SOC-BLOCK-2); used by chat (CHAT-BLOCK-1)
   * and the notification service (NOTIFY-BLOCK-1). Absent (the social service not running in this
   * process), its users refuse what depends on blocks rather than assume nobody blocked anybody:
   * chat answers 503 SERVICE_UNAVAILABLE (CHAT-BLOCK-2), notification deliveries with an actor
   * fail and are retried (NOTIFY-SOCIAL-1).
   */
  social?: SocialPort;
  /**
   * Installed by the social service: DJ fans, for the notification service (NOTIFY-DJ-1, its
   * sending routes). Absent: what needs a DJ's fans fails the same way (NOTIFY-SOCIAL-1).
   */
  graph?: GraphPort;
  /** Installed by the social service, which keeps browsers' push subscriptions (SOCIAL-PUSH-*). */
  webPush?: WebPushPort;
  /** The payment service: what a person's subscription gives them now (SUB-LEVEL-2). */
  subscriptions?: SubscriptionsPort;
  /** The points service: who may wear which avatar. */
  avatars?: AvatarsPort;
  /**
   * Installed by the points service: what an account heard and earned (TRUST-2). Absent (points
   * not in this process), trust cannot be earned: only `trust.skip` holders pass (TRUST-8).
   */
  standing?: StandingPort;
  /**
   * Installed by the chat service; used by the realtime engine's transport, which carries the chat
   * on the one socket (GATEWAY-1..7). Absent: chat frames on /primus answer SERVICE_UNAVAILABLE.
   */
  chatGateway?: ChatGatewayPort;
}

/** Who a chat frame on the gateway acts as (the chat service's caller, as far as we need it). */
export interface ChatIdentity {
  readonly uid: string;
  readonly readOnly: boolean;
}

/** One connection of the gateway as the chat sees it: the transport's Connection is one. */
export interface GatewayPeer {
  readonly id: string;
  /** An encoded frame (already wrapped as `{context:'chat',frame}`); a Buffer is sent to many. */
  send(frame: string | Buffer): void;
  /** Closes the whole socket (`final`: the client is told not to reconnect). */
  close(final: boolean): void;
}

/**
 * GATEWAY-1..7 (docs/PROTOCOL.md): the port through which the room socket carries the chat. The
 * chat service implements it and installs it at start (`ports.chatGateway`); the transport never
 * reaches into the chat, and without the port (chat not in this process) `open` is refused.
 */
export interface ChatGatewayPort<H extends ChatIdentity = ChatIdentity> {
  /** GATEWAY-3: who holds a chat token (`ttc_…` / `ttg_…`); null when it is not live. */
  holderOfChatToken(token: string): Promise<H | null>;
  /** GATEWAY-3: a verified session as the chat sees it. */
  holderOfSession(auth: AuthContext): H;
  /**
   * GATEWAY-2: the connection opts in: it joins its user's direct messages and notifications and
   * gets `ready`. Throws an AppError when it may not (answered as a chat `error`).
   */
  open(peer: GatewayPeer, holder: H): Promise<void>;
  /** A chat frame of an opened connection (subscribe, unsubscribe, send, ping): answered on it. */
  frame(peer: GatewayPeer, frame: Exclude<GatewayChatClientFrame, { type: 'open' }>): Promise<void>;
  /** The connection closed: it leaves every topic. */
  closed(peer: GatewayPeer): void;
}

/** What a push carries. Silent pushes have no title or body: data only (NOTIFY-PUSH-3). */
export interface PushMessage {
  title?: string;
  body?: string;
  /** Where tapping it leads (a path in the app). */
  link?: string | null;
  data: Record<string, string>;
  silent: boolean;
}

/** Web push to users' browsers. */
export interface WebPushPort {
  /** Pushes to every browser of these users; subscriptions the push service says are gone are removed. */
  send(userUuids: string[], message: PushMessage): Promise<{ sent: number; removed: number }>;
}

/** Who blocked whom (the social service owns blocking). */
export interface SocialPort {
  /** Has `blockerUuid` blocked `otherUuid`? */
  isBlocked(blockerUuid: string, otherUuid: string): Promise<boolean>;
  /** Everyone `blockerUuid` has blocked (their messages are hidden from them). */
  blockedUuids(blockerUuid: string): Promise<string[]>;
  /** Those among `uuids` who blocked `actorUuid` (they hear nothing of what it does). */
  blockersAmong(actorUuid: string, uuids: string[]): Promise<string[]>;
}

/** DJ fans, as the social service keeps them (used by the notification service). */
export interface GraphPort {
  /** Everyone following this DJ. */
  fanUuids(djUuid: string): Promise<string[]>;
  /** A DJ's fans, newest first (viewer null: blocks ignored, SOC-FAN-2). */
  fansOf(viewer: string | null, djUuid: string, skip: number, take: number): Promise<FanPage>;
  fanCounts(uuid: string): Promise<{ djUuid: string; fansCount: number; followingCount: number }>;
}

export interface FanPage {
  fans: { userUuid: string; djUuid: string; createdAt: string }[];
  total: number;
  skip: number;
  take: number;
}

/** SEC-HLS-KEY-2: who hears a song, from the live rooms of this process. */
export interface ListeningPort {
  /**
   * Is this user (or guest) in a live room where the song (our upload, by short id) plays now,
   * ended less than `graceMs` ago, or is a seated DJ's next song? The DJ who chose it sits there.
   */
  isListening(userUuid: string, songShortId: string, graceMs: number): boolean;
}

export interface LiveAudioPort {
  /**
   * LIVE-AUDIO-2, LIVE-AUDIO-10: the error code refusing this person the mic of the room's live
   * audio now (the built-in socket's own check: room, setting, cut, `room.voice.speak` with the
   * DJs on stage and who was let in), or null when they may talk.
   */
  speakRefusal(auth: AuthContext, roomUuid: string): Promise<ErrorCode | null>;
  /**
   * LIVE-AUDIO-12: streams the room's live voice as MP3 into `out` until `out` closes; throws the
   * AppError refusing it (the checks of joining the live-audio socket, the caps of LIVE-AUDIO-14).
   */
  listen(auth: AuthContext, roomUuid: string, out: Writable): Promise<void>;
}

/** Users' own music-provider tokens; each throws an AppError when not connected. */
export interface ProviderTokensPort {
  /** The user's Spotify access token, refreshed first when it is due. */
  spotifyAccessToken(userUuid: string): Promise<string>;
  /** The user's Apple Music user token. */
  appleMusicUserToken(userUuid: string): Promise<string>;
}

export interface SubscriptionsPort {
  levelOf(userUuid: string): Promise<SubscriptionLevel>;
}

export interface UsersPort {
  /** Public profiles of these accounts (unknown and deactivated left out). */
  profiles(uuids: string[]): Promise<UserProfileDto[]>;
  /** Capabilities an account holds (not carried in tokens); [] for unknown accounts. */
  capabilities(uuid: string): Promise<Capability[]>;
  /** AVATAR-DISCORD-1: is the account linked to Discord? */
  discordLinked(uuid: string): Promise<boolean>;
  /** The account owning a live e-mail address (demo seeds), or null. */
  uuidByEmail(email: string): Promise<string | null>;
  /**
   * SEC-UNVERIFIED-1: may this account create things (rooms, crates, bots)? True for a verified or
   * admin-created e-mail address, a phone-login account and a bot; false for unknown accounts.
   * Read through platform/access.ts (`withFacts`) for the permissions an unverified account lacks.
   */
  isVerified(uuid: string): Promise<boolean>;
  /**
   * Active accounts owning any of these addresses (lower-case e-mails, verified; E.164 numbers),
   * each with the address that matched (finding friends from an address book).
   */
  matchContacts(emails: string[], phones: string[]): Promise<{ uuid: string; address: string }[]>;
  /** PTS-BOARD-2: which of these accounts are bots (they earn no points of their own). */
  bots(uuids: string[]): Promise<string[]>;
  /** Active people (not bots) after `after` in uuid order (admin broadcasts). */
  activeUuids(after: string | null, limit: number): Promise<string[]>;
  countActive(): Promise<number>;
  /** AVATAR-WEAR-3: those (of `uuids`, when given) wearing one of `from` now wear `to`. */
  replaceAvatar(from: string[], to: string, uuids?: string[]): Promise<number>;
  /** Who wears this avatar now. */
  wearers(avatarId: string): Promise<string[]>;
  /** Adds (or takes away) badges of an account (SUB-PERKS-4: the Pro badge). */
  changeBadges(uuid: string, badges: Badge[], add: boolean): Promise<void>;
}

/** TRUST-2: an account's listening and points, as the points service keeps them. */
export interface StandingPort {
  /** Songs heard to the end that earned a listener credit (PTS-LISTEN-1), and lifetime points. */
  standing(userUuid: string): Promise<{ songsHeard: number; points: number }>;
}

/** The avatar catalogue (the points service). */
export interface AvatarsPort {
  /** AVATAR-WEAR-1: may this person wear this avatar (by slug) now? */
  mayWear(userUuid: string, avatarId: string, roles: readonly TokenRole[]): Promise<boolean>;
}

export interface JoinRequest {
  roomUuid: string;
  userUuid: string;
  isGuest: boolean;
  roles: TokenRole[];
  password?: string;
  guestPassword?: string;
  /** The connection's address (room-password throttling). */
  ip?: string | null;
}

/** Who looks at a room: a caller's token, or nobody (a public route called without one). */
export type RoomViewer = { uuid: string; roles: TokenRole[]; isGuest: boolean } | null;

/** A room as other modules name and list it (communities and events). */
export interface RoomRef {
  id: number;
  uuid: string;
  slug: string;
  name: string;
  /** Shown in public lists: a PUBLIC room that is not unlisted. */
  listed: boolean;
}

export interface RoomsPort {
  /** The room (with its current roomRoles, expired roles left out), or null. */
  get(roomUuid: string): Promise<RoomDto | null>;
  /** The same, by uuid, slug (any case) or numeric id (what room routes accept); null if none. */
  find(idOrSlug: string): Promise<RoomDto | null>;
  /** Rooms by numeric id; unknown and deleted ones left out. */
  refs(roomIds: number[]): Promise<RoomRef[]>;
  /**
   * Rooms by numeric id, in that order (unknown and deleted ones left out), as `viewer` sees them
   * in a list: with their roles and who is in them now — user uuids and the song only when the
   * viewer may see inside (SEC-ROOM-PRIV-1).
   */
  views(roomIds: number[], viewer: RoomViewer): Promise<RoomDto[]>;
  /**
   * SEC-ROOM-PRIV-1 for other services (chat): may this viewer see inside the room? True without
   * a password; else for its staff and platform moderators, people in the live room now, and
   * holders of a password grant. False for unknown rooms.
   */
  canSeeInside(
    roomUuid: string,
    viewer: { uuid: string; roles: TokenRole[]; isGuest: boolean },
  ): Promise<boolean>;
  /**
   * May this user enter? Checks the room exists and is live, passwords, bans (room role `banned`
   * or `kicked` not yet expired). Throws an AppError (403/404) with a clear message when not.
   * The room size is checked by the realtime layer, which knows who is connected.
   */
  authorizeJoin(req: JoinRequest): Promise<RoomDto>;
  /** A user entered the room (their visited rooms), when the join was authorized without the service. */
  recordVisit(roomUuid: string, userUuid: string): Promise<void>;
  /**
   * The room's recent songs, newest first, as GET /rooms/{slug}/recent-songs answers them (a
   * password room's only to those inside; AppError 403/404 otherwise).
   */
  recentSongs(
    viewer: { uuid: string; roles: TokenRole[]; isGuest: boolean } | null,
    slug: string,
    limit: number,
    offset: number,
  ): Promise<{
    songs: { song: MinimalSongDto; voteCounts: VoteCounts; djUuid: string; playedAt: string }[];
    total: number;
  }>;
  /** People (not guests) who entered the room since `since`, most recent first. */
  recentVisitors(roomUuid: string, since: Date, limit: number): Promise<string[]>;
  /** A song started: it goes to the front of the room's recent songs. Answers the entry id. */
  songStarted(input: {
    roomUuid: string;
    song: MinimalSongDto;
    djUuid: string;
    startedAt: Date;
  }): Promise<number>;
  /** ROOM-RULES-8: was a song of this key (songKey) ever played in the room. */
  playedBefore(roomUuid: string, key: string): Promise<boolean>;
  /** The song of `recentSongId` ended (played out or skipped): final vote counts and played seconds. */
  songEnded(input: {
    recentSongId: number;
    voteCounts: VoteCounts;
    playedSeconds: number;
  }): Promise<void>;
  /** Persisted live state of a room (opaque to the room service), or null. */
  loadLiveState(roomUuid: string): Promise<Record<string, unknown> | null>;
  /**
   * Writes it (null: deletes it). With the owner's fencing token (ROOM-OWNER-2): false, and nothing
   * written, when a newer owner has written since.
   */
  saveLiveState(
    roomUuid: string,
    state: Record<string, unknown> | null,
    fence?: number,
  ): Promise<boolean>;
  /** Uuids of rooms with persisted live state (to re-arm timers at start). */
  liveRoomUuids(): Promise<string[]>;
  /**
   * Who is in the room now, as the room service's live read model knows it (see LiveRoomsSource);
   * undefined while no live source is attached.
   */
  presence(roomUuid: string): RoomPresence | undefined;
  /**
   * The realtime engine attaches what it knows of live rooms when it starts, replacing any source
   * attached before; the answer detaches it (when it is still the one attached).
   */
  attachLive(source: LiveRoomsSource): () => void;
}

export interface RoomPresence {
  userUuids: string[];
  djUuids: string[];
  song: MinimalSongDto | null;
  /** LIVE-AUDIO-11: someone is on the room's live-audio mic now. */
  liveAudioTalking?: boolean;
}

/**
 * What the room service learns of live rooms (its lists, room-state, room size and password-room
 * checks): the realtime engine, which runs them, attaches itself through `RoomsPort.attachLive`.
 * The room service owns this shape and never calls the realtime engine by name, so the dependency
 * goes one way: the realtime engine depends on the room service.
 */
export interface LiveRoomsSource {
  /** The state clients of this room hold, or null when nobody is in it. */
  roomState(roomUuid: string): Promise<ClientRoomState | null>;
  /** Who is in the room right now (guests excluded from userUuids). */
  presence(roomUuid: string): RoomPresence;
  /** Users and guests in the room now, each counted once (room size and guest allowance). */
  occupancy(roomUuid: string): Occupancy;
  /** Is this user (or guest) in the live room now? */
  isInRoom(roomUuid: string, userUuid: string): boolean;
  /**
   * ROOM-LIST-1: every live room somebody is in, on any process, with its users (guests excluded,
   * as in `presence`) and DJs counted: one read for a whole list instead of a presence per room.
   */
  headcounts(): Map<string, RoomHeadcount>;
}

export interface RoomHeadcount {
  users: number;
  djs: number;
}

export * from './ports-songs';
