import {
  type ClientDj,
  type ClientRoomState,
  type ClientUserData,
  type MinimalSongDto,
  type RoomDto,
  type RoomUserRole,
} from '@tt/protocol';

import { roomRolesOf as rolesHeld } from '@tt/rules';

/** Pure room rules of the web client (no React): derived values the room page shows. */

/** Room slugs: one rule for server and web (SLUG-1 in @tt/rules). */
export { slugify } from '@tt/rules';

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** The room roles of one user now (the access table's ACCESS-ROLE-1; none for nobody). */
export function roomRolesOf(
  room: Pick<RoomDto, 'roomRoles'>,
  uuid: string | null,
  now = Date.now(),
) {
  if (!uuid) return [] as RoomUserRole[];
  return rolesHeld(room, uuid, now);
}

/** The DJ whose song is playing: the first DJ of the rotation while a song plays. */
export function playingDjUuid(state: Pick<ClientRoomState, 'djs' | 'nowPlaying'>): string | null {
  return state.nowPlaying ? (state.djs[0]?.uuid ?? null) : null;
}

/** The booth: `numberOfDjs` seats, filled in rotation order by the visible DJs. */
export function boothSeats(
  state: Pick<ClientRoomState, 'visibleDjs' | 'settings'>,
): (ClientDj | null)[] {
  const seats = Math.max(1, state.settings.numberOfDjs || 1);
  const out: (ClientDj | null)[] = [];
  for (let i = 0; i < Math.max(seats, state.visibleDjs.length); i++) {
    out.push(state.visibleDjs[i] ?? null);
  }
  return out;
}

export function isDj(state: Pick<ClientRoomState, 'djs'>, uuid: string | null): boolean {
  return !!uuid && state.djs.some((d) => d.uuid === uuid);
}

/** Seconds played and the fraction (0–1) of the song, by the server clock. */
export function songProgress(
  nowPlaying: { startTime: number; endTime: number } | null,
  clientNow: number,
  serverTimeOffset: number,
): { elapsed: number; total: number; fraction: number } {
  if (!nowPlaying) return { elapsed: 0, total: 0, fraction: 0 };
  const serverNow = clientNow + serverTimeOffset;
  const totalMs = Math.max(0, nowPlaying.endTime - nowPlaying.startTime);
  const elapsedMs = Math.min(totalMs, Math.max(0, serverNow - nowPlaying.startTime));
  return {
    elapsed: Math.floor(elapsedMs / 1000),
    total: Math.round(totalMs / 1000),
    fraction: totalMs > 0 ? elapsedMs / totalMs : 0,
  };
}

/** m:ss */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The vibe meter as a whole percentage: the server sends the share of likes, 0–1 (RR-VIBE-1). */
export function vibePercent(vibeMeter: number): number {
  if (!Number.isFinite(vibeMeter)) return 0;
  return Math.round(Math.min(1, Math.max(0, vibeMeter)) * 100);
}

const ART_ORDER = ['uploadService', 'spotify', 'apple', 'youtube', 'soundCloudPublic', 'audius'];

/** The song's artwork: the first thumbnail, our own provider first. */
export function songArt(
  song: Pick<MinimalSongDto, 'thumbnails'> | null | undefined,
): string | null {
  if (!song) return null;
  const thumbs = song.thumbnails as Record<string, string | undefined>;
  for (const p of ART_ORDER) if (thumbs[p]) return thumbs[p]!;
  return Object.values(thumbs).find((v): v is string => typeof v === 'string' && v !== '') ?? null;
}

export function nicknameOf(data: ClientUserData | undefined, fallback: string): string {
  return data?.userProfile.nickname?.trim() || fallback;
}

export function pictureOf(data: ClientUserData | undefined): string | null {
  const p = data?.userProfile as { profilePicture?: string } | undefined;
  return p?.profilePicture ? p.profilePicture : null;
}

/**
 * Where an avatar stands on the floor, in percent of the floor's width and height. The server
 * gives every user a position in percent (0–100); a user without one gets a spot from a hash of
 * their uuid, so everybody sees the same crowd.
 */
export function floorSpot(
  position: { x: number; y: number } | undefined,
  uuid: string,
): { left: number; top: number } {
  if (position && Number.isFinite(position.x) && Number.isFinite(position.y)) {
    return {
      left: 5 + clamp(position.x, 0, 100) * 0.9,
      top: 22 + clamp(position.y, 0, 100) * 0.7,
    };
  }
  let h = 0;
  for (const c of uuid) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return { left: 5 + (h % 90), top: 22 + ((h >>> 8) % 70) };
}

/**
 * Moves avatars that would cover each other a little apart (in order, so every client lays out
 * the same crowd the same way): `minX` / `minY` are the room an avatar needs, in percent.
 */
export function spreadSpots<T extends { left: number; top: number }>(
  spots: T[],
  minX = 9,
  minY = 16,
): T[] {
  const placed: T[] = [];
  for (const spot of spots) {
    let { left, top } = spot;
    for (let tries = 0; tries < 14; tries++) {
      const hit = placed.some(
        (p) => Math.abs(p.left - left) < minX && Math.abs(p.top - top) < minY,
      );
      if (!hit) break;
      left = left + minX > 95 ? 5 + ((left + minX) % 90) : left + minX;
      if (tries % 3 === 2) top = top + minY / 2 > 92 ? 22 : top + minY / 2;
    }
    placed.push({ ...spot, left, top });
  }
  return placed;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The room's external link as a short label: its host name. */
export function linkHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
