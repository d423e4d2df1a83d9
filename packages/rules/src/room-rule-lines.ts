import type { RoomRules } from '@tt/protocol';

/** One active rule as the room info shows it: its i18n key under `roomRules.shown` and values. */
export interface RuleLine {
  key:
    | 'maxSongSeconds'
    | 'noRepeatPlays'
    | 'noRepeatHours'
    | 'djMinutesPerHour'
    | 'boothLock'
    | 'dislikeSkipShare'
    | 'afkDjMinutes'
    | 'newTracksOnly'
    | 'boothFrozen'
    | 'crossfadeSeconds';
  values: Record<string, number | string>;
}

/**
 * ROOM-RULES-1..9 (and SYNC-8's crossfade): the rules in force, in a fixed order (none: empty),
 * as every app shows them in the room's info; each app words the keys in its language.
 */
export function activeRuleLines(rules: RoomRules | null | undefined): RuleLine[] {
  const lines: RuleLine[] = [];
  if (!rules) return lines;
  if (rules.maxSongSeconds) {
    const minutes = Math.floor(rules.maxSongSeconds / 60);
    const seconds = String(rules.maxSongSeconds % 60).padStart(2, '0');
    lines.push({ key: 'maxSongSeconds', values: { time: `${minutes}:${seconds}` } });
  }
  if (rules.noRepeatPlays)
    lines.push({ key: 'noRepeatPlays', values: { count: rules.noRepeatPlays } });
  if (rules.noRepeatHours) {
    lines.push({ key: 'noRepeatHours', values: { count: rules.noRepeatHours } });
  }
  if (rules.djMinutesPerHour) {
    lines.push({ key: 'djMinutesPerHour', values: { count: rules.djMinutesPerHour } });
  }
  if (rules.boothLock) lines.push({ key: 'boothLock', values: { count: rules.boothLock.length } });
  if (rules.dislikeSkipShare) {
    const percent = Math.round(rules.dislikeSkipShare * 100);
    lines.push({ key: 'dislikeSkipShare', values: { percent } });
  }
  // ROOM-RULES-7..9, and SYNC-8's crossfade (0: songs cut, nothing to say).
  if (rules.afkDjMinutes)
    lines.push({ key: 'afkDjMinutes', values: { count: rules.afkDjMinutes } });
  if (rules.newTracksOnly) lines.push({ key: 'newTracksOnly', values: {} });
  if (rules.boothFrozen) lines.push({ key: 'boothFrozen', values: {} });
  if (rules.crossfadeSeconds) {
    lines.push({ key: 'crossfadeSeconds', values: { count: rules.crossfadeSeconds } });
  }
  return lines;
}
