/**
 * How points are earned (docs/POINTS-RULES.md). Pure: the consumer of `room.songPlayed` feeds it
 * the play and when each voter's account was made, and writes what it answers.
 */
export const EARNING = {
  /** PTS-DJ-1 */
  perLike: 2,
  perStar: 3,
  /** PTS-DJ-3: all the votes of accounts younger than a day, together, on one song. */
  newAccountsTogether: 2,
  newAccountMs: 24 * 60 * 60 * 1000,
  /** PTS-DJ-4 (the shortest paying play is POINTS_MIN_PLAYED_SECONDS, 30 s by default) */
  perSongCap: 60,
  /** PTS-LISTEN-1 */
  perSongHeard: 1,
  /** PTS-CAP-1: per person per UTC day, by kind. */
  dailyCap: { dj: 500, listen: 100 } as Record<string, number>,
} as const;

export interface PlayFacts {
  djUuid: string;
  playedSeconds: number;
  likers: string[];
  starrers: string[];
  listeners: string[];
  endedAt: Date;
}

export interface Credit {
  userUuid: string;
  kind: 'dj' | 'listen';
  amount: number;
  reason: string;
}

/**
 * The credits of one play. `createdAt` answers when an account was made (undefined: unknown or
 * gone, which earns and counts nothing).
 */
export function creditsOfPlay(
  play: PlayFacts,
  createdAt: (uuid: string) => Date | undefined,
  minPlayedSeconds = 30,
): Credit[] {
  if (play.playedSeconds < minPlayedSeconds) return [];
  const settled = (uuid: string) => {
    const at = createdAt(uuid);
    if (!at) return null;
    return play.endedAt.getTime() - at.getTime() >= EARNING.newAccountMs;
  };
  let dj = 0;
  let fromNew = false;
  const votes: [string[], number][] = [
    [play.likers, EARNING.perLike],
    [play.starrers, EARNING.perStar],
  ];
  for (const [voters, worth] of votes) {
    for (const uuid of new Set(voters)) {
      if (uuid === play.djUuid) continue; // PTS-DJ-2
      const s = settled(uuid);
      if (s === null) continue;
      if (s) dj += worth;
      else fromNew = true;
    }
  }
  if (fromNew) dj += EARNING.newAccountsTogether;
  const credits: Credit[] = [];
  if (dj > 0) {
    credits.push({
      userUuid: play.djUuid,
      kind: 'dj',
      amount: Math.min(dj, EARNING.perSongCap),
      reason: 'Votes on your song',
    });
  }
  for (const uuid of new Set(play.listeners)) {
    if (uuid === play.djUuid || !settled(uuid)) continue;
    credits.push({
      userUuid: uuid,
      kind: 'listen',
      amount: EARNING.perSongHeard,
      reason: 'A song heard',
    });
  }
  return credits;
}
