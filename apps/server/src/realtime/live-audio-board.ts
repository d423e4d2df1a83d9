import { randomUUID } from 'node:crypto';
import type { Platform } from '../platform/service';

/** What one process says of a room's live audio: its own connections only (LIVE-AUDIO-7). */
export interface LiveAudioRoomFacts {
  kind: 'facts';
  process: string;
  roomUuid: string;
  /** Users on the mic now (LIVE-AUDIO-11). */
  speakers: string[];
  /** Users a host let talk (LIVE-AUDIO-3). */
  invited: string[];
  at: number;
}

export type LiveAudioBoardMessage =
  | LiveAudioRoomFacts
  /** A moderator cut someone's audio until `until` (LIVE-AUDIO-4). */
  | { kind: 'cut'; roomUuid: string; userUuid: string; until: number }
  /** A process started: every process says its rooms again. */
  | { kind: 'sync'; process: string };

declare module '../platform/bus' {
  interface BusTopics {
    'liveaudio.board': LiveAudioBoardMessage;
  }
}

/** How often a process repeats what it says of the rooms where someone talks or was let in. */
export const LIVE_AUDIO_BOARD_HEARTBEAT_MS = 5_000;
/** Facts older than this count as gone (their process stopped without saying so). */
const STALE_MS = LIVE_AUDIO_BOARD_HEARTBEAT_MS * 3;

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * LIVE-AUDIO-11 (and LIVE-AUDIO-10's Agora check): who talks and who was let in, in every room, on
 * every process — not only those that follow the room's live-audio topic. Each process says what
 * its own connections hold when it changes (a mic taken or left, an invitation, a departure; never
 * per packet), repeats it every few seconds while it is not empty, and says it again when another
 * process starts. Nothing is written to the database.
 */
export class LiveAudioBoard {
  readonly process = randomUUID();
  /** roomUuid → process → its facts (this process's own included). */
  private readonly seen = new Map<string, Map<string, LiveAudioRoomFacts>>();
  private readonly cuts = new Map<string, number>();
  private unsubscribe: (() => Promise<void>) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly platform: Platform,
    /** This process's own facts of every room it holds connections in. */
    private readonly own: () => Map<string, { speakers: string[]; invited: string[] }>,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.platform.bus.subscribe('liveaudio.board', (m) => this.onBus(m));
    this.heartbeat = setInterval(() => this.sayAll(true), LIVE_AUDIO_BOARD_HEARTBEAT_MS);
    this.heartbeat.unref();
    this.publish({ kind: 'sync', process: this.process });
  }

  /** This process's connections in the room changed: said when what it says changes. */
  changed(roomUuid: string): void {
    const facts = this.own().get(roomUuid) ?? { speakers: [], invited: [] };
    this.say(roomUuid, facts, false);
  }

  /** LIVE-AUDIO-4: a cut, told to every process. */
  cut(roomUuid: string, userUuid: string, until: number): void {
    this.cuts.set(`${roomUuid} ${userUuid}`, until);
    this.publish({ kind: 'cut', roomUuid, userUuid, until });
  }

  /** Someone is on the room's mic now, on any process. */
  talking(roomUuid: string): boolean {
    return this.fresh(roomUuid).some((f) => f.speakers.length > 0);
  }

  invited(roomUuid: string, userUuid: string): boolean {
    return this.fresh(roomUuid).some((f) => f.invited.includes(userUuid));
  }

  cutUntil(roomUuid: string, userUuid: string): number {
    return this.cuts.get(`${roomUuid} ${userUuid}`) ?? 0;
  }

  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const [roomUuid, byProcess] of this.seen) {
      if (byProcess.has(this.process)) this.say(roomUuid, { speakers: [], invited: [] }, false);
    }
    await this.unsubscribe?.().catch(() => {});
    this.unsubscribe = null;
  }

  private fresh(roomUuid: string): LiveAudioRoomFacts[] {
    const byProcess = this.seen.get(roomUuid);
    if (!byProcess) return [];
    const now = Date.now();
    return [...byProcess.values()].filter(
      (f) => f.process === this.process || now - f.at <= STALE_MS,
    );
  }

  private sayAll(always: boolean): void {
    const now = Date.now();
    for (const [roomUuid, byProcess] of this.seen) {
      for (const [process, f] of byProcess) {
        if (process !== this.process && now - f.at > STALE_MS) byProcess.delete(process);
      }
      if (byProcess.size === 0) this.seen.delete(roomUuid);
    }
    const own = this.own();
    for (const [roomUuid, facts] of own) this.say(roomUuid, facts, always);
    // Rooms this process spoke of and holds nobody in any more.
    for (const [roomUuid, byProcess] of this.seen) {
      if (byProcess.has(this.process) && !own.has(roomUuid)) {
        this.say(roomUuid, { speakers: [], invited: [] }, false);
      }
    }
  }

  private say(
    roomUuid: string,
    { speakers, invited }: { speakers: string[]; invited: string[] },
    always: boolean,
  ): void {
    const before = this.seen.get(roomUuid)?.get(this.process);
    const empty = speakers.length === 0 && invited.length === 0;
    if (!before && empty) return;
    const same = before && sameSet(before.speakers, speakers) && sameSet(before.invited, invited);
    if (same && !(always && !empty)) return;
    const facts: LiveAudioRoomFacts = {
      kind: 'facts',
      process: this.process,
      roomUuid,
      speakers,
      invited,
      at: Date.now(),
    };
    this.keep(facts);
    this.publish(facts);
  }

  private keep(f: LiveAudioRoomFacts): void {
    let byProcess = this.seen.get(f.roomUuid);
    if (f.speakers.length === 0 && f.invited.length === 0) {
      byProcess?.delete(f.process);
      if (byProcess?.size === 0) this.seen.delete(f.roomUuid);
      return;
    }
    if (!byProcess) this.seen.set(f.roomUuid, (byProcess = new Map()));
    byProcess.set(f.process, f);
  }

  private onBus(m: LiveAudioBoardMessage): void {
    if (m.kind === 'sync') {
      if (m.process !== this.process) this.sayAll(true);
    } else if (m.kind === 'cut') {
      const key = `${m.roomUuid} ${m.userUuid}`;
      this.cuts.set(key, Math.max(this.cuts.get(key) ?? 0, m.until));
      const now = Date.now();
      for (const [k, until] of this.cuts) if (until <= now) this.cuts.delete(k);
    } else if (m.process !== this.process) this.keep(m);
  }

  private publish(m: LiveAudioBoardMessage): void {
    this.platform.bus.publish('liveaudio.board', m).catch((err: unknown) => {
      this.platform.log.warn({ err }, 'live-audio board publish failed');
    });
  }
}
