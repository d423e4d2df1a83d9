import type { Logger } from 'pino';
import { ERRORS } from '@tt/protocol';
import type { BusTopics, EventBus } from '../platform/bus';
import type { LiveRoom } from './live-room';
import { lastActive, markActive } from './room-activity';

/** ROOM-RULES-7: how long before being taken off the stage a DJ is warned. */
export const AFK_WARNING_MS = 60_000;

/** ROOM-RULES-7: a warning sent and not yet answered by an action: when, and the removal time. */
interface Warning {
  at: number;
  removeAt: number;
}

/** What the sweep does to a room's DJs now. */
export interface AfkDue {
  warn: { uuid: string; removeAt: number }[];
  remove: string[];
}

/**
 * ROOM-RULES-7: which DJs to warn and which to take off the stage. A DJ idle (no join, no room
 * action) for afkDjMinutes − 1 is warned once; at afkDjMinutes, and at least AFK_WARNING_MS after
 * the warning, they leave the stage, unless they play now (then it waits for the song to end).
 * An action after the warning cancels it. A DJ this process has not seen yet (the room moved
 * here) starts idle now.
 */
export function afkDue(room: LiveRoom, warnings: Map<string, Warning>, now: number): AfkDue {
  const out: AfkDue = { warn: [], remove: [] };
  const minutes = room.settings.rules?.afkDjMinutes;
  const djs = new Set(room.djUuids());
  for (const uuid of warnings.keys()) if (!djs.has(uuid)) warnings.delete(uuid);
  if (!minutes) {
    warnings.clear();
    return out;
  }
  const limit = minutes * 60_000;
  const playing = room.playingDj();
  for (const uuid of djs) {
    const last = lastActive(room, uuid);
    if (last === undefined) {
      markActive(room, uuid, now);
      continue;
    }
    let warning = warnings.get(uuid);
    if (warning && warning.at < last) {
      warnings.delete(uuid); // acted since the warning
      warning = undefined;
    }
    if (now - last < limit - AFK_WARNING_MS) continue;
    if (!warning) {
      const removeAt = Math.max(last + limit, now + AFK_WARNING_MS);
      warnings.set(uuid, { at: now, removeAt });
      out.warn.push({ uuid, removeAt });
    } else if (now >= warning.removeAt && uuid !== playing) {
      warnings.delete(uuid);
      out.remove.push(uuid);
    }
  }
  return out;
}

/** What the watch needs of the engine. */
export interface AfkHost {
  ownedRooms(): Iterable<LiveRoom>;
  enqueue<T>(roomUuid: string, fn: (room: LiveRoom | undefined) => Promise<T> | T): Promise<T>;
}

/**
 * ROOM-RULES-7: every `everyMs`, the DJs of the rooms this process runs with afkDjMinutes set:
 * `afkDjWarning` to a DJ's own connections, then off the stage (`removedDj` to everybody, as a
 * moderator's removeDj) and `afkDjRemoved` to them with ROOM_RULE_AFK_REMOVED. In those rooms a
 * DJ's chat message counts as acting too: the watch follows the room's chat topic on the bus
 * (CHAT-LIVE-1) while the room runs here with the rule.
 */
export class AfkDjWatch {
  private timer: NodeJS.Timeout | null = null;
  private readonly warnings = new WeakMap<LiveRoom, Map<string, Warning>>();
  /** The rooms whose chat the watch follows, with how to stop. */
  private readonly chats = new Map<string, Promise<() => Promise<void>>>();
  /** Rooms whose last check is still in their queue: a sweep adds no second one. */
  private readonly checking = new Set<string>();

  constructor(
    private readonly host: AfkHost,
    private readonly everyMs: number,
    private readonly log: Logger,
    private readonly bus?: EventBus,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.sweep(), this.everyMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const uuid of [...this.chats.keys()]) this.unfollow(uuid);
  }

  private sweep(): void {
    const ruled = new Set<string>();
    for (const room of this.host.ownedRooms()) {
      if (room.settings.rules?.afkDjMinutes) ruled.add(room.uuid);
    }
    for (const uuid of ruled) if (!this.chats.has(uuid)) this.follow(uuid);
    for (const uuid of [...this.chats.keys()]) if (!ruled.has(uuid)) this.unfollow(uuid);
    for (const room of this.host.ownedRooms()) {
      if (!room.settings.rules?.afkDjMinutes && !this.warnings.has(room)) continue;
      // A busy room's queue may be slower than the sweep: its checks must not pile up there.
      if (this.checking.has(room.uuid)) continue;
      this.checking.add(room.uuid);
      this.host
        .enqueue(room.uuid, (current) => {
          if (current === room) this.check(room, Date.now());
        })
        .catch((err) => this.log.warn({ err, room: room.uuid }, 'afk check failed'))
        .finally(() => this.checking.delete(room.uuid));
    }
  }

  /**
   * A DJ's message in the room's chat is an act (ROOM-RULES-7). The room's chat topic is the
   * chat's declared bus event (BusTopics), read here without reaching into the chat service.
   */
  private follow(roomUuid: string): void {
    if (!this.bus) return;
    const topic = `chat.room.${roomUuid}` as const;
    const onChat = (e: BusTopics[typeof topic]) => {
      if (e.kind !== 'message') return;
      void this.host
        .enqueue(roomUuid, (room) => {
          if (room?.isDj(e.sender)) markActive(room, e.sender);
        })
        .catch(() => undefined);
    };
    const sub = this.bus.subscribe(topic, onChat);
    sub.catch((err) => this.log.warn({ err, room: roomUuid }, 'afk: chat not followed'));
    this.chats.set(roomUuid, sub);
  }

  private unfollow(roomUuid: string): void {
    const sub = this.chats.get(roomUuid);
    this.chats.delete(roomUuid);
    void sub?.then((off) => off()).catch(() => undefined);
  }

  private check(room: LiveRoom, now: number): void {
    let warnings = this.warnings.get(room);
    if (!warnings) this.warnings.set(room, (warnings = new Map()));
    const due = afkDue(room, warnings, now);
    for (const { uuid, removeAt } of due.warn) {
      room.say({
        kind: 'event',
        message: { name: 'afkDjWarning', params: { removeAt } },
        toUser: uuid,
      });
    }
    for (const uuid of due.remove) {
      room.unseat(uuid); // never the DJ playing: no song to advance
      room.say({
        kind: 'event',
        message: {
          name: 'afkDjRemoved',
          params: { code: 'ROOM_RULE_AFK_REMOVED', reason: ERRORS.ROOM_RULE_AFK_REMOVED.message },
        },
        toUser: uuid,
      });
    }
    if (!room.settings.rules?.afkDjMinutes) this.warnings.delete(room);
  }
}
