import pg from 'pg';
import { roomEndpoints } from '@tt/protocol';
import { backlog, metric } from '../src/platform/outbox/crash.testing';
import { catchUp, type ChatUser } from './chat';
import { api, faults, retrying } from './http';
import type { RoomBot } from './room-bot';
import { statusOf } from './uploads';

/** The end checks of the soak: each answers its line of the report, and whether it passed. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every accepted message stored once, and seen once by every present client after catch-up. */
export async function checkChat(
  base: string,
  dbUrl: string,
  roomUuid: string,
  accepted: string[],
  readers: ChatUser[],
): Promise<Check[]> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const rows = await db.query<{ text: string; n: string }>(
    'SELECT text, count(*) AS n FROM chat_messages WHERE receiver = $1 GROUP BY text',
    [roomUuid],
  );
  await db.end();
  const stored = new Map(rows.rows.map((r) => [r.text, Number(r.n)]));
  const missing = accepted.filter((t) => !stored.has(t));
  const twice = [...stored].filter(([, n]) => n > 1).map(([t]) => t);
  const out: Check[] = [
    {
      name: 'chat: every accepted message stored once',
      ok: missing.length === 0 && twice.length === 0,
      detail: `${accepted.length} accepted, ${stored.size} stored, ${missing.length} missing, ${twice.length} stored more than once`,
    },
  ];
  let bad = 0;
  const notes: string[] = [];
  for (const r of readers) {
    const seen = await catchUp(base, r, roomUuid);
    const counts = new Map<string, number>();
    for (const t of seen) counts.set(t, (counts.get(t) ?? 0) + 1);
    const lost = accepted.filter((t) => counts.get(t) !== 1);
    if (lost.length > 0) {
      bad++;
      notes.push(`${r.name}: ${lost.length} not seen exactly once`);
    }
  }
  out.push({
    name: 'chat: every accepted message delivered once to every present client (catch-up)',
    ok: bad === 0,
    detail: `${readers.length} clients${notes.length ? `; ${notes.join('; ')}` : ''}`,
  });
  return out;
}

/** The room state without per-user votes (hidden from other clients), keys sorted. */
function comparable(state: unknown): string {
  const copy = structuredClone(state) as { allUserData?: Record<string, { songVotes?: object }> };
  for (const u of Object.values(copy.allUserData ?? {})) delete u.songVotes;
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sort(copy));
}

/** Every present client's room state equal to the owner's (the server's), once it settles. */
export async function checkRoomState(
  base: string,
  ownerToken: string,
  roomUuid: string,
  bots: RoomBot[],
): Promise<Check> {
  let differ: string[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    const server = await retrying(() =>
      api(base, ownerToken).call(roomEndpoints.roomState, { params: { id: roomUuid } }),
    );
    const want = comparable(server);
    differ = bots.filter((b) => !b.state || comparable(b.state) !== want).map((b) => b.name);
    if (differ.length === 0) break;
    await wait(500);
  }
  const patchErrors = bots.reduce((n, b) => n + b.patchErrors, 0);
  return {
    name: "room: every client's room state equal to the owner's",
    ok: differ.length === 0 && patchErrors === 0,
    detail: `${bots.length} clients, ${differ.length} differ${differ.length ? ` (${differ.join(', ')})` : ''}, ${patchErrors} patches failed to apply, ${bots.reduce((n, b) => n + b.rejoins, 0)} joins`,
  };
}

/**
 * Votes and stars counted once: on a fresh song every listener likes and stars it (each action
 * acknowledged); the server then counts each listener once (retried on the next song if the
 * song changed meanwhile).
 */
export async function checkVotes(
  base: string,
  ownerToken: string,
  roomUuid: string,
  listeners: RoomBot[],
): Promise<Check> {
  let detail = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    await listeners[0].nextSong();
    const before = await retrying(() =>
      api(base, ownerToken).call(roomEndpoints.roomState, { params: { id: roomUuid } }),
    );
    const song = JSON.stringify(before.nowPlaying?.song ?? null);
    for (const l of listeners)
      await l.action('voteOnSong', { songVotes: { like: true, star: true } });
    // Sent again (a client retrying after a lost answer): still counted once.
    for (const l of listeners)
      await l.action('voteOnSong', { songVotes: { like: true, star: true } });
    const after = await retrying(() =>
      api(base, ownerToken).call(roomEndpoints.roomState, { params: { id: roomUuid } }),
    );
    if (JSON.stringify(after.nowPlaying?.song ?? null) !== song) continue;
    const counts = after.voteCounts;
    const ok = counts.likes === listeners.length && counts.stars === listeners.length;
    detail = `${listeners.length} listeners voted (like and star, each sent twice): likes ${counts.likes}, stars ${counts.stars}`;
    return { name: 'votes: every vote and star counted once', ok, detail };
  }
  return {
    name: 'votes: every vote and star counted once',
    ok: false,
    detail: `songs kept changing ${detail}`,
  };
}

/** No 5xx except while the database restarted (and nginx's 502 for a request cut by SIGKILL). */
export function checkFaults(dbWindow: [number, number], kills: number[], since: number): Check {
  const inDb = faults.filter((f) => f.at >= dbWindow[0] && f.at <= dbWindow[1]);
  const cut = faults.filter(
    (f) =>
      !inDb.includes(f) && f.status === 502 && kills.some((k) => f.at >= k && f.at <= k + 3000),
  );
  const other = faults.filter((f) => !inDb.includes(f) && !cut.includes(f));
  // Grouped by status, path and second of the run, so a burst reads as one line.
  const groups = new Map<string, number>();
  for (const f of other) {
    const from = /nginx/.test(f.body) ? 'nginx' : f.body.slice(0, 60);
    const key = `${f.status} ${f.what} at ${Math.round((f.at - since) / 1000)} s [${from}]`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  const list = [...groups].slice(0, 12).map(([k, n]) => `${n}× ${k}`);
  return {
    name: 'http: no 5xx outside the database restart',
    ok: other.length === 0,
    detail: `${faults.length} 5xx: ${inDb.length} during the database restart, ${cut.length} 502 of requests cut by a SIGKILL, ${other.length} other${list.length ? ` (${list.join('; ')})` : ''}`,
  };
}

/** No stuck job: every upload settled, every process's outbox drained. */
export async function checkJobs(
  base: string,
  uploads: string[],
  ports: number[],
  outputOf: (port: number) => string,
): Promise<Check[]> {
  const waiting = new Set(['VALID_FILE_TYPE', 'VERIFICATION_POSTPONED', 'PENDING_UPLOAD']);
  const deadline = Date.now() + 90_000;
  let stuck: string[];
  for (;;) {
    stuck = [];
    for (const id of uploads) {
      const status = await statusOf(base, id).catch((err: Error) => {
        throw new Error(`GET /songs/${id}: ${err.message}`);
      });
      if (waiting.has(status)) stuck.push(id);
    }
    if (stuck.length === 0 || Date.now() > deadline) break;
    await wait(2000);
  }
  let left: number;
  for (;;) {
    const counts = await Promise.all(
      ports.map((p) =>
        retrying(() => metric(`http://127.0.0.1:${p}`, backlog), 30_000).catch((err: Error) => {
          // A process that exited on its own: its first error line says why.
          const out = outputOf(p);
          const why = (/^.*(Error|error:).*$/m.exec(out)?.[0] ?? out.slice(-300)).slice(0, 400);
          throw new Error(`the process on port ${p} does not answer (${err.message}): ${why}`);
        }),
      ),
    );
    left = counts.reduce((a, b) => a + b, 0);
    if (left === 0 || Date.now() > deadline) break;
    await wait(2000);
  }
  return [
    {
      name: 'jobs: every upload transcoded or settled (none stuck awaiting verification)',
      ok: stuck.length === 0,
      detail: `${uploads.length} uploads, ${stuck.length} still waiting 90 s after the chaos${stuck.length ? ` (${stuck.join(', ')})` : ''}`,
    },
    {
      name: 'jobs: outbox drained on every process',
      ok: left === 0,
      detail: `${left} events left`,
    },
  ];
}

/** Runs a check; one that throws fails with its error instead of ending the report. */
export async function safely(
  name: string,
  check: () => Promise<Check | Check[]>,
): Promise<Check[]> {
  try {
    const c = await check();
    return Array.isArray(c) ? c : [c];
  } catch (err) {
    return [{ name, ok: false, detail: `the check itself failed: ${String(err).slice(0, 300)}` }];
  }
}

/**
 * Runs a check until it passes or `ms` have gone (work still in flight at the end of the chaos —
 * a credit or a notification being delivered — settles meanwhile); answers its last result.
 */
export async function settling(check: () => Promise<Check[]>, ms = 60_000): Promise<Check[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const result = await check();
    if (result.every((c) => c.ok) || Date.now() > deadline) return result;
    await wait(2000);
  }
}
