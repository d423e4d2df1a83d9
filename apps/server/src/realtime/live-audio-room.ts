import type { LiveAudioState } from '@tt/protocol';

/**
 * What travels on a room's live-audio topic of the bus (the same bus the room frames use, so one
 * process or many behave alike: LIVE-AUDIO-7). Each connection's own facts (hand raised, let in,
 * on the mic) belong to the process that holds it, which announces them; every process keeps the
 * room's picture from those announcements.
 */
export type LiveAudioBusMessage =
  /** One connection's facts now (`gone`: it left). */
  | {
      kind: 'conn';
      connId: string;
      userUuid: string;
      hand: boolean;
      invited: boolean;
      speaking: boolean;
      gone?: boolean;
    }
  /** A process started following the room: every process announces its connections again. */
  | { kind: 'sync' }
  /** Opus packets of a speaker (LIVE-AUDIO-5). */
  | { kind: 'audio'; from: string; seq: number; packets: string[] }
  /** A host let a listener talk or took it back (LIVE-AUDIO-3). */
  | { kind: 'invite'; userUuid: string; allowed: boolean }
  /** A moderator cut someone's audio (LIVE-AUDIO-4). */
  | { kind: 'cut'; userUuid: string };

declare module '../platform/bus' {
  interface BusTopics {
    [topic: `liveaudio.room.${string}`]: LiveAudioBusMessage;
  }
}

export const liveAudioTopic = (roomUuid: string) => `liveaudio.room.${roomUuid}` as const;

type ConnFacts = Extract<LiveAudioBusMessage, { kind: 'conn' }>;

/** The room's live audio as this process knows it: every connection's last announcement. */
export class LiveAudioPicture {
  private readonly conns = new Map<string, ConnFacts>();

  /** Applies an announcement; true when the picture changed. */
  apply(facts: ConnFacts): boolean {
    const before = this.conns.get(facts.connId);
    if (facts.gone) return this.conns.delete(facts.connId);
    this.conns.set(facts.connId, facts);
    return (
      !before ||
      before.hand !== facts.hand ||
      before.invited !== facts.invited ||
      before.speaking !== facts.speaking
    );
  }

  /** Who talks, who has a hand up, who was let in: each person once. */
  state(): LiveAudioState {
    const speakers = new Set<string>();
    const hands = new Set<string>();
    const invited = new Set<string>();
    for (const c of this.conns.values()) {
      if (c.speaking) speakers.add(c.userUuid);
      if (c.hand) hands.add(c.userUuid);
      if (c.invited) invited.add(c.userUuid);
    }
    return { speakers: [...speakers], hands: [...hands], invited: [...invited] };
  }

  get speaking(): boolean {
    for (const c of this.conns.values()) if (c.speaking) return true;
    return false;
  }
}

/** LIVE-AUDIO-6: a token bucket per speaking connection (frames a second, with a burst). */
export class FrameBucket {
  private tokens: number;
  private at = Date.now();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }

  take(now = Date.now()): boolean {
    const since = Math.max(0, now - this.at);
    this.tokens = Math.min(this.burst, this.tokens + (since / 1000) * this.perSecond);
    this.at = Math.max(this.at, now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
