import type {
  MinimalSongDto,
  ModerationActionType,
  NotificationDto,
  NotificationKind,
  UserProfileDto,
} from '@tt/protocol';

/**
 * Work events (WORK-OUTBOX-1, WORK-DELIVERY-3): changes whose consequences must last. Each is
 * written to the outbox in the transaction of the change (`outbox.add`, or `outbox.emit` when the
 * event is the whole change) and handed once to every consumer (`outbox.consume`). They cannot be
 * published on the bus (BUS-TYPES-1).
 */
export interface WorkEvents {
  /** A new account (work: its special crates). */
  'user.created': { uuid: string; nickname: string; isBot: boolean };
  /** Every session of the account ended (kick, password change): its chat tokens end too. */
  'user.kicked': { uuid: string; reason: string; by: string | null };
  'user.banned': { uuid: string; until: string | null; reason: string; by: string };
  'user.unbanned': { uuid: string; by: string };
  'user.deactivated': { uuid: string };
  'user.reactivated': { uuid: string };
  /** The account's platform roles (work: its chat tokens carry them; ordered per account). */
  'user.rolesChanged': { uuid: string; roles: string[] };
  /** Room roles changed (owner, moderators, DJs, bans...): the chat member follows. */
  'room.rolesChanged': { roomUuid: string; userUuid: string };
  /** A user was kicked or banned from a room: they leave its chat. */
  'room.userKicked': { roomUuid: string; userUuid: string; reason: string };
  /** A room was deleted: its chat members go. */
  'room.deleted': { roomUuid: string };
  /**
   * A listener starred the playing song (or took the star back): their starred list follows, in
   * the order of their stars (ordered per listener, WORK-ORDER-1).
   */
  'room.songStarred': {
    roomUuid: string;
    userUuid: string;
    song: MinimalSongDto;
    starred: boolean;
  };
  /**
   * CHAT-ANALYTICS-1: a chat message was stored (not its text). `eventId` names this event, so
   * every process that receives it records it once.
   */
  'chat.messageSent': {
    eventId: string;
    messageId: string;
    roomUuid: string | null;
    senderUuid: string;
    category: string;
    type: string;
    length: number;
    mentions: number;
    images: number;
    songs: number;
    gif: boolean;
    reply: boolean;
    sentAt: string;
    /** NOTIFY-CHAT-1: the receiver of a direct message (null in a room). */
    receiverUuid?: string | null;
    /** NOTIFY-CHAT-2: the people the message mentions. */
    mentionedUuids?: string[];
  };
  /** CHAT-ANALYTICS-1: a reaction was added to or taken off a chat message. */
  'chat.reactionChanged': {
    eventId: string;
    messageId: string;
    roomUuid: string | null;
    userUuid: string;
    reaction: string;
    action: 'added' | 'removed';
    at: string;
  };
  /** NOTIFY-DJ-1: a DJ took a seat on stage (work: their fans are told). */
  'room.djTookStage': { roomUuid: string; djUuid: string; at: string };
  /** NOTIFY-ROOM-1: a song started in a room where none was playing (work: its regulars are told). */
  'room.wentLive': { roomUuid: string; djUuid: string; at: string };
  /**
   * PTS-DJ-1, PTS-LISTEN-1: a song finished playing in a room (work: points). Voters and listeners
   * are signed-in people other than the DJ (guests and bots left out); the id is named by the
   * room and the song's start (WORK-OUTBOX-3), so a play is one event.
   */
  'room.songPlayed': {
    roomUuid: string;
    djUuid: string;
    songId: string;
    playedSeconds: number;
    likers: string[];
    starrers: string[];
    listeners: string[];
    endedAt: string;
    /** What played, for the analytics (AUDIT-STATS-1); older events may lack them. */
    trackName?: string;
    artistName?: string;
  };
  /**
   * AUDIT-MOD-1: a moderator acted (work: the moderation log). Written in the transaction of the
   * change by the service that acted.
   */
  'moderation.recorded': ModerationRecord;
  /**
   * EVT-REMIND-2: an event reached its start (work: its reminders). Written once per event and
   * start time, in the transaction that marks the start announced; `recipients` are the people
   * who asked to be reminded, the host and the lineup.
   */
  'event.started': {
    eventUuid: string;
    name: string;
    slug: string;
    roomUuid: string;
    roomSlug: string;
    roomName: string;
    hostUuid: string;
    recipients: string[];
    startsAt: string;
  };
  /** SUB-PERKS-3: someone's subscription changed (work: perks that ended are taken back). */
  'subscription.changed': { userUuid: string };
  /** NOTIFY-FRIEND-1: a friend invitation was sent. */
  'social.friendInvited': { invitationId: string; senderUuid: string; receiverUuid: string };
  /** NOTIFY-FRIEND-2: a friend invitation was accepted. */
  'social.friendAccepted': { invitationId: string; senderUuid: string; receiverUuid: string };
  /**
   * NOTIFY-FAN-1: someone started following a DJ, at `at` (written in the transaction of the
   * follow).
   */
  'social.fanAdded': { fanUuid: string; djUuid: string; at: string };
  /**
   * NOTIFY-CHAT-3: someone read a direct conversation up to `readAt` (written in the transaction
   * of the read mark): the direct-message notifications from `otherUuid` become read.
   */
  'chat.directRead': { readerUuid: string; otherUuid: string; readAt: string };
  /** NOTIFY-SEND-1: a notification to deliver (sending routes). */
  'notify.requested': NotifyRequest;
}

/**
 * Live domain topics (BUS-TYPES-1): broadcast to every process for its sockets and caches; a
 * missed one costs nothing lasting.
 */
export interface LiveEvents {
  /** A profile changed: live rooms show it, caches of it are dropped. */
  'user.profileUpdated': { uuid: string; profile: UserProfileDto };
  /** Room configuration changed through REST (settings, poster, pinned messages, infrastructure). */
  'room.settingsUpdated': { roomUuid: string; slugChanged: boolean };
  /** An admin reset the room: live state cleared, clients rejoin. */
  'room.reset': { roomUuid: string };
  /** SOC-BLOCK-3: `uuid` blocked or unblocked someone: their open chat sockets reload the list. */
  'social.blocksChanged': { uuid: string };
}

/**
 * BUS-TWIN-1: work events that live sockets follow too. After the commit, the emitter's
 * `ChangeWork` (platform/outbox/change.ts) publishes each one's live twin, `live.<topic>` with the
 * same payload, on the bus: the realtime layer closes sessions, refreshes and kicks at once, while
 * the work event carries what must last.
 */
export const TWIN_TOPICS = [
  'user.kicked',
  'user.banned',
  'user.deactivated',
  'room.rolesChanged',
  'room.userKicked',
  'room.deleted',
] as const satisfies readonly (keyof WorkEvents)[];
export type TwinTopic = (typeof TWIN_TOPICS)[number];
export type LiveTwins = { [K in TwinTopic as `live.${K}`]: WorkEvents[K] };
export const isTwinTopic = (topic: string): topic is TwinTopic =>
  (TWIN_TOPICS as readonly string[]).includes(topic);
export const liveTwin = <K extends TwinTopic>(topic: K) => `live.${topic}` as `live.${K}`;

export type WorkTopic = keyof WorkEvents & string;
/** Payloads of every domain event, work or live, by name (for naming payload types). */
export type DomainEvents = WorkEvents & LiveEvents;

/**
 * WORK-ORDER-1: work topics whose events must reach each consumer in the order they were written,
 * per key. An event of such a topic waits until every earlier one of the same key is finished for
 * its consumer (`outbox.add` stores the key).
 */
export const WORK_ORDER: { [K in WorkTopic]?: (payload: WorkEvents[K]) => string } = {
  'room.songStarred': (p) => p.userUuid,
  'user.rolesChanged': (p) => p.uuid,
  // NOTIFY-FAN-2: a follow, unfollow and follow again are judged in the order they happened.
  'social.fanAdded': (p) => `${p.fanUuid}:${p.djUuid}`,
};

/** One moderation action as the service that took it describes it. */
export interface ModerationRecord {
  actorUuid: string | null;
  targetUuid: string;
  actionType: ModerationActionType;
  roomUuid: string | null;
  previousRole: string | null;
  role: string | null;
  reason: string;
  until: string | null;
  at: string;
}

/** A notification to deliver to some people, in the app and on their devices. */
export interface NotifyRequest {
  kind: NotificationKind;
  recipients: string[];
  actorUuid: string | null;
  title: string;
  body: string;
  link: string | null;
  params: Record<string, string>;
  data: Record<string, string>;
  /** Data-only: pushed to apps, not shown anywhere (NOTIFY-PUSH-3). */
  silent: boolean;
  /** NOTIFY-SEND-4: every active account (recipients is then empty). */
  everyone?: boolean;
}

/** Live: a new item of someone's notification centre (their app sockets show it). */
export interface NotificationLive {
  notification: NotificationDto;
}
