import pg from 'pg';
import { pointsEndpoints } from '@tt/protocol';
import { eventIdOf } from '../src/platform/outbox/outbox';
import { EARNING } from '../src/services/points/earning';
import { api, retrying } from './http';
import type { Check } from './checks';

/**
 * Points: every play credited once (docs/POINTS-RULES.md). The soak's accounts are made older than
 * a day (PTS-DJ-3 would count all their votes as one like) and POINTS_MIN_PLAYED_SECONDS is below
 * the soak's song length (PTS-DJ-4), so each play pays its DJ 2 per like and 3 per star (at most
 * 60, PTS-DJ-1) and each listener present at its end 1 (PTS-LISTEN-1), within the daily caps
 * (PTS-CAP-1). Read from the soak's own database:
 * - every song the room ended (recent_songs with its played seconds) was announced once, as the
 *   work event named by the room and the song's start (none lost to a kill between the end and
 *   the outbox), with the same likes and stars the room recorded;
 * - every announced play has exactly the credits its likers, starrers and listeners earn — the
 *   ledger's keys name the play and the person, so a second credit of a play would be a row with
 *   another key, and a lost one a missing row;
 * - each person's lifetime total over HTTP (GET /points/ranking-status/sum/{id}) is the sum.
 */
export const SOAK_MIN_PLAYED_SECONDS = 10;

interface PlayEvent {
  djUuid: string;
  playedSeconds: number;
  likers: string[];
  starrers: string[];
  listeners: string[];
  endedAt: string;
}

export async function checkPoints(base: string, dbUrl: string, roomUuid: string): Promise<Check[]> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  let songs, events, ledger;
  try {
    songs = await db.query<{
      id: number;
      dj_uuid: string;
      played_at: Date;
      played_seconds: number;
      vote_counts: { likes: number; stars: number };
    }>(
      `SELECT s.id, s.dj_uuid, s.played_at, s.played_seconds, s.vote_counts
         FROM recent_songs s JOIN rooms r ON r.id = s.room_id WHERE r.uuid = $1 ORDER BY s.id`,
      [roomUuid],
    );
    events = await db.query<{ event_id: string; payload: PlayEvent & { roomUuid: string } }>(
      `SELECT event_id, payload FROM outbox_events WHERE topic = 'room.songPlayed'`,
    );
    ledger = await db.query<{ key: string; user_uuid: string; amount: number; kind: string }>(
      `SELECT key, user_uuid, amount, kind FROM points_ledger WHERE key LIKE 'play:%'`,
    );
  } finally {
    await db.end();
  }
  const announced = new Map(
    events.rows.filter((e) => e.payload.roomUuid === roomUuid).map((e) => [e.event_id, e.payload]),
  );

  // 1. Every song the room played matched to its announcement by its start.
  const notAnnounced: string[] = [];
  const endLost: string[] = [];
  const votesDiffer: string[] = [];
  const seen = new Set<string>();
  let ended = 0;
  let unended = 0;
  for (const s of songs.rows) {
    const id = eventIdOf(`play:${roomUuid}:${s.played_at.getTime()}`);
    const e = announced.get(id);
    if (!e) {
      if (s.played_seconds > 0) notAnnounced.push(`#${s.id}`);
      else unended++;
      continue;
    }
    seen.add(id);
    ended++;
    if (s.played_seconds === 0) {
      // A song skipped at once really played 0 s; otherwise its end was not written.
      if (e.playedSeconds > 0) endLost.push(`#${s.id} (played ${e.playedSeconds} s)`);
      continue;
    }
    const likes = e.likers.length;
    const stars = e.starrers.length;
    if (likes !== s.vote_counts.likes || stars !== s.vote_counts.stars)
      votesDiffer.push(
        `#${s.id} room ${s.vote_counts.likes}/${s.vote_counts.stars}, play ${likes}/${stars} with ${e.listeners.length} present`,
      );
  }
  const strays = [...announced.keys()].filter((id) => !seen.has(id));

  // 2. Each announced play's credits, once each (the caps make a day's sum the capped total).
  const want = new Map<string, { user: string; kind: string; day: string; amount: number }>();
  for (const [eventId, e] of announced) {
    if (e.playedSeconds < SOAK_MIN_PLAYED_SECONDS) continue;
    const day = e.endedAt.slice(0, 10);
    const dj =
      EARNING.perLike * e.likers.filter((u) => u !== e.djUuid).length +
      EARNING.perStar * e.starrers.filter((u) => u !== e.djUuid).length;
    if (dj > 0)
      want.set(`play:${eventId}:${e.djUuid}:dj`, {
        user: e.djUuid,
        kind: 'dj',
        day,
        amount: Math.min(dj, EARNING.perSongCap),
      });
    for (const u of new Set(e.listeners)) {
      if (u === e.djUuid) continue;
      want.set(`play:${eventId}:${u}:listen`, { user: u, kind: 'listen', day, amount: 1 });
    }
  }
  const rows = ledger.rows.filter((r) => want.has(r.key) || announcedKey(r.key, announced));
  const got = new Map(rows.map((r) => [r.key, r]));
  const missing = [...want.keys()].filter((k) => !got.has(k));
  const unexpected = rows.filter((r) => !want.has(r.key)).map((r) => r.key);
  const tooMuch = rows.filter((r) => want.has(r.key) && r.amount > want.get(r.key)!.amount);
  // Per person, kind and day: the credits sum to the capped total of what was earned.
  const sums = new Map<string, { want: number; got: number; cap: number }>();
  for (const [key, w] of want) {
    const k = `${w.user} ${w.kind} ${w.day}`;
    const s = sums.get(k) ?? { want: 0, got: 0, cap: EARNING.dailyCap[w.kind] ?? Infinity };
    s.want += w.amount;
    s.got += got.get(key)?.amount ?? 0;
    sums.set(k, s);
  }
  const wrongSums = [...sums].filter(([, s]) => s.got !== Math.min(s.want, s.cap));

  // 3. Lifetime totals over HTTP.
  const perUser = new Map<string, number>();
  for (const r of rows) perUser.set(r.user_uuid, (perUser.get(r.user_uuid) ?? 0) + r.amount);
  const totalsDiffer: string[] = [];
  for (const [user, sum] of perUser) {
    const status = await retrying(() =>
      api(base).call(pointsEndpoints.sum, { params: { id: user } }),
    );
    if (status.balance !== sum) totalsDiffer.push(`${user.slice(0, 8)} ${status.balance}≠${sum}`);
  }
  const djPoints = rows.filter((r) => r.kind === 'dj').reduce((n, r) => n + r.amount, 0);
  const list = (xs: unknown[]) => (xs.length ? ` (${xs.slice(0, 5).join('; ')})` : '');
  return [
    {
      name: 'points: every song that ended announced once as a play, with its likes and stars',
      ok: notAnnounced.length === 0 && votesDiffer.length === 0 && strays.length === 0,
      detail: `${ended + notAnnounced.length} songs ended (${unended} started and never ended: a start cut by a kill), ${announced.size} plays announced, ${notAnnounced.length} not announced${list(notAnnounced)}, ${votesDiffer.length} with other votes${list(votesDiffer)}, ${strays.length} announced without a song${list(strays)}`,
    },
    {
      name: "recent songs: every announced play's end recorded (played seconds, final votes)",
      ok: endLost.length === 0,
      detail: `${ended} plays, ${endLost.length} still at 0 s played${list(endLost)}`,
    },
    {
      name: 'points: every play credited once (DJ per like and star, listeners per song), none lost',
      ok:
        missing.length === 0 &&
        unexpected.length === 0 &&
        tooMuch.length === 0 &&
        wrongSums.length === 0 &&
        totalsDiffer.length === 0,
      detail: `${want.size} credits due, ${rows.length} written (${djPoints} DJ points), ${missing.length} missing${list(missing)}, ${unexpected.length} unexpected${list(unexpected)}, ${tooMuch.length + wrongSums.length} wrong amounts${list(wrongSums.map(([k, s]) => `${k} ${s.got}≠${Math.min(s.want, s.cap)}`))}, ${perUser.size} lifetime totals over HTTP, ${totalsDiffer.length} differ${list(totalsDiffer)}`,
    },
  ];
}

/** A play credit key (`play:<event>:<user>:<kind>`) of one of the room's announced plays. */
function announcedKey(key: string, announced: Map<string, unknown>): boolean {
  return announced.has(key.split(':')[1] ?? '');
}

/** Every account of the soak made two days ago (in the database), so its votes count (PTS-DJ-3). */
export async function ageAccounts(dbUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(`UPDATE users SET created_at = now() - interval '2 days'`);
  } finally {
    await db.end();
  }
}
