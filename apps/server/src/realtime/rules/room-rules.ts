import type { ErrorCode, MinimalSongDto, RoomDto, TokenRole } from '@tt/protocol';
import { can } from '@tt/rules';

/** The key that says two plays are the same song (ROOM-RULES-2). */
export function songKey(song: Pick<MinimalSongDto, 'songShortId' | 'artistName' | 'trackName'>) {
  return song.songShortId ?? `${song.artistName} – ${song.trackName}`.toLowerCase();
}

/** ROOM-RULES-1: the song is longer than the room allows. */
export function tooLong(settings: Pick<RoomDto, 'rules'>, song: MinimalSongDto): boolean {
  const max = settings.rules?.maxSongSeconds;
  return typeof max === 'number' && song.duration > max;
}

/** ROOM-RULES-2/6: how many of the room's recent plays the rules look at (none: 0). */
export function repeatWindow(settings: Pick<RoomDto, 'rules'>): number {
  const r = settings.rules;
  const byTime = r?.noRepeatHours || r?.djMinutesPerHour;
  return Math.max(r?.noRepeatPlays ?? 0, byTime ? MAX_PLAYS_BY_HOURS : 0);
}

/** ROOM-RULES-2/6: the most plays looked at for `noRepeatHours` and `djMinutesPerHour`. */
export const MAX_PLAYS_BY_HOURS = 500;

/**
 * ROOM-RULES-2: the keys of the recent plays (newest first) a new song may not repeat: the last
 * `noRepeatPlays`, and those of the last `noRepeatHours`.
 */
export function repeatKeys(
  settings: Pick<RoomDto, 'rules'>,
  recent: readonly { song: MinimalSongDto; playedAt: string }[],
  now: number,
): string[] {
  const plays = settings.rules?.noRepeatPlays ?? 0;
  const hours = settings.rules?.noRepeatHours ?? 0;
  const since = now - hours * 3_600_000;
  return recent
    .filter((r, i) => i < plays || (hours > 0 && Date.parse(r.playedAt) >= since))
    .map((r) => songKey(r.song));
}

/**
 * Why a DJ may not queue this song here, or null: longer than the room allows (ROOM-RULES-1), or
 * among the plays it may not repeat (ROOM-RULES-2; `recentKeys`: from repeatKeys).
 */
export function songRuleRefusal(
  settings: Pick<RoomDto, 'rules'>,
  song: MinimalSongDto,
  recentKeys: readonly string[],
): ErrorCode | null {
  if (tooLong(settings, song)) return 'ROOM_RULE_SONG_TOO_LONG';
  if (recentKeys.includes(songKey(song))) return 'ROOM_RULE_REPEAT';
  return null;
}

/**
 * ROOM-RULES-3: a locked booth seats only the users it lists and whoever holds room.booth.bypass
 * (the room's staff, through can()).
 */
export function boothLocked(
  settings: RoomDto,
  user: { uuid: string; roles: readonly TokenRole[] },
  now: number,
): boolean {
  const list = settings.rules?.boothLock;
  if (!list) return false;
  if (list.includes(user.uuid)) return false;
  return !can({ uuid: user.uuid, roles: user.roles }, 'room.booth.bypass', { room: settings, now });
}

/**
 * ROOM-RULES-9: a frozen booth seats nobody new but whoever holds room.booth.bypass (the room's
 * staff, through can()). DJs already seated keep their seats.
 */
export function boothFrozen(
  settings: RoomDto,
  user: { uuid: string; roles: readonly TokenRole[] },
  now: number,
): boolean {
  if (!settings.rules?.boothFrozen) return false;
  return !can({ uuid: user.uuid, roles: user.roles }, 'room.booth.bypass', { room: settings, now });
}

/** ROOM-RULES-8: the room takes only songs never played in it before. */
export const newTracksOnly = (settings: Pick<RoomDto, 'rules'>): boolean =>
  settings.rules?.newTracksOnly === true;

/**
 * ROOM-RULES-6: the song would take `djUuid` past the room's `djMinutesPerHour`: the lengths of the
 * songs they started here in the last 60 minutes, plus this one's.
 */
export function overPlaytime(
  settings: Pick<RoomDto, 'rules'>,
  djUuid: string,
  song: MinimalSongDto,
  recent: readonly { song: MinimalSongDto; playedAt: string; djUuid: string }[],
  now: number,
): boolean {
  const cap = settings.rules?.djMinutesPerHour;
  if (!cap) return false;
  const since = now - 3_600_000;
  const used = recent
    .filter((r) => r.djUuid === djUuid && Date.parse(r.playedAt) >= since)
    .reduce((sum, r) => sum + r.song.duration, 0);
  return used + song.duration > cap * 60;
}
