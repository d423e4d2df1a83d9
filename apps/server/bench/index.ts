/**
 * `npm run bench [-- http|realtime|search|crates|points|events|flood|chat]`: starts the platform in-process on the embedded defaults (or
 * on DATABASE_URL / REDIS_URL when set) and prints throughput and latency figures per scenario.
 * HTTP: BENCH_SECONDS (default 3), BENCH_CONCURRENCY (32).
 * Realtime: BENCH_JOINS (default 1000) sockets joining one room at once, against a bare ws server
 * answering the same joins (bench/join.ts), BENCH_LISTENERS (default 1000; aim 5000),
 * BENCH_VOTES_PER_SECOND (20), BENCH_VOTE_SECONDS (5): the vote fan-out against a bare ws server,
 * each in a process of its own (bench/realtime.ts); `-- votes` runs only that.
 * Search: BENCH_SECONDS, BENCH_CONCURRENCY, BENCH_CATALOGUE_SONGS (default 2000); its own server
 * with local provider fakes (see bench/search.ts).
 * Crates: BENCH_SECONDS, BENCH_CONCURRENCY, BENCH_CRATE_SONGS (default 10000) in one crate
 * (bench/crates.ts): page reads and reorders.
 * Flood (`-- flood`): REST p50/p95 while BENCH_FLOOD_ATTACKERS (default 5) users flood the room
 * socket, against no flood, with the socket rate limits on and lifted (bench/flood.ts);
 * BENCH_FLOOD_LISTENERS (default 100) guests in the flooded room; BENCH_SECONDS, BENCH_CONCURRENCY.
 * Chat (`-- chat`): BENCH_CHAT_LISTENERS (default 2000) guests on the one socket (/primus, chat opened) subscribed to one
 * room's chat, BENCH_CHAT_SENDERS (10) users posting BENCH_CHAT_RATE (200) messages/s in all for
 * BENCH_CHAT_SECONDS (10) over REST; delivery latency against a bare ws broadcast (bench/chat.ts).
 * Cluster (`-- cluster`, needs DATABASE_URL and REDIS_URL): BENCH_CLUSTER_PROCESSES (default 4)
 * processes behind nginx, BENCH_CLUSTER_LISTENERS (default 2000; the goal size is 10000) guests in
 * one room joining as the apps do (pages of users, deflate offered), a song change and
 * BENCH_VOTES_PER_SECOND for BENCH_VOTE_SECONDS, beside a bare ws server behind the same nginx
 * sending the same frames; bytes per join; the same on one process when BENCH_CLUSTER_SINGLE=1 (or
 * at 2,000 listeners or fewer); the failover time when the owner is killed (bench/cluster.ts).
 * Points (`-- points`): BENCH_POINTS_PEOPLE (default 5000) balances in a season; board pages, one
 * person's live rank, the banner, the avatar catalogue and credits, against the status route
 * (bench/points.ts).
 * Events (`-- events`): BENCH_EVENTS (default 2000) events in one community's rooms; the upcoming
 * list, a room's banner, a community page and rooms, the calendar file and remind-me writes, against
 * the status route (bench/events.ts).
 * Lists (`-- lists`): the web app's ten busiest list routes over seeded data (BENCH_LIST_ROWS,
 * default 2000 rows per list), against the status route (bench/lists.ts).
 * Live audio (`-- live-audio`): BENCH_VOICE_LISTENERS (default 500) guests hear one speaker on the
 * built-in socket for BENCH_VOICE_SECONDS (5), against a bare ws relay (bench/live-audio.ts).
 * Clock (`-- clock`, not in the default run, no server): listeners' server clock and drift over a simulated song, the estimator against one reading (bench/clock.ts).
 * Gapless (`-- gapless`, not in the default run, no server): a song change with skew and jitter, preload (SYNC-7..10) against starting when the state arrives (bench/gapless.ts).
 * `-- demo` (not in the default run): the demo catalogue's synthesis and pipeline (bench/demo.ts),
 * BENCH_DEMO_SEED (default 3) full-length tracks through the pipeline; first, a join storm of
 * BENCH_DEMO_JOINS (default 500) while the catalogue renders and after, side by side
 * (bench/demo-storm.ts).
 */
import { startTestServer } from '../test/harness';
import { benchChat } from './chat';
import { benchClock } from './clock';
import { benchGapless } from './gapless';
import { benchCluster } from './cluster';
import { crateScenarios } from './crates';
import { benchDemo } from './demo';
import { benchDemoStorm } from './demo-storm';
import { benchFlood } from './flood';
import { load, printResults, type LoadResult } from './http';
import { benchJoinStorm } from './join';
import { benchLiveAudio } from './live-audio';
import { benchVoteFanOut } from './realtime';
import { pointsScenarios } from './points';
import { eventScenarios } from './events';
import { listScenarios } from './lists';
import { searchScenarios } from './search';

// HTTP-OUT-1: the bench servers (and the hosts they start) answer as a deployment does: cut to
// the contract, not checked against it again per answer as under test.
process.env.RESPONSE_CHECK ??= 'shape';
const env = (k: string, d: number) => Number(process.env[k] ?? d);
const seconds = env('BENCH_SECONDS', 3);
const concurrency = env('BENCH_CONCURRENCY', 32);
const which = process.argv[2] ?? 'all';

async function main() {
  if (which === 'clock') return benchClock();
  if (which === 'gapless') return benchGapless();
  // The load comes from one address and one voter: the socket's per-address cap and vote rate
  // (SEC-SOCKETS-1, SEC-FLOOD-1) are lifted here; the flood scenario runs with them.
  const s = await startTestServer({
    ARGON2_MEMORY_KIB: '19456',
    LOG_LEVEL: 'warn',
    REALTIME_MAX_SOCKETS_PER_IP: '100000',
    REALTIME_RATE_LIMITS: 'voteOnSong=100000/100000',
  });
  console.log(`bench: ${s.app.platform.dbKind} database, ${s.app.platform.bus.kind} bus`);
  try {
    const u = await s.createUser({ password: 'bench-password-1' });
    if (which === 'all' || which === 'http') {
      console.log(`\nHTTP (${seconds}s per scenario, concurrency ${concurrency})`);
      const auth = { authorization: `Bearer ${u.token}` };
      const base = `${s.url}/api/user-service`;
      const opts = { seconds, concurrency };
      const results: LoadResult[] = [
        await load('GET /info-admin/user-service-status', opts, () =>
          fetch(`${base}/info-admin/user-service-status`),
        ),
        await load('GET /auth/session (verify RS256 + session check)', opts, () =>
          fetch(`${base}/auth/session`, { headers: auth }),
        ),
        await load('GET /users/profile', opts, () =>
          fetch(`${base}/users/profile`, { headers: auth }),
        ),
        await load(
          'POST /auth/login (argon2id, 19 MiB)',
          { seconds, concurrency: Math.min(concurrency, 8) },
          () =>
            fetch(`${base}/auth/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: u.email, password: 'bench-password-1' }),
            }),
        ),
        await load('GET /auth/guest (RS256 sign)', opts, () => fetch(`${base}/auth/guest`)),
      ];
      printResults(results);
    }
    if (which === 'all' || which === 'realtime') {
      const o = {
        joins: env('BENCH_JOINS', 1000),
        listeners: env('BENCH_LISTENERS', 1000),
        votesPerSecond: env('BENCH_VOTES_PER_SECOND', 20),
        seconds: env('BENCH_VOTE_SECONDS', 5),
      };
      console.log(
        `\nRoom socket (joins ${o.joins}, listeners ${o.listeners}, ${o.votesPerSecond} votes/s for ${o.seconds}s)`,
      );
      await benchJoinStorm(o.joins);
      await benchVoteFanOut(o);
    }
    if (which === 'join') await benchJoinStorm(env('BENCH_JOINS', 1000));
    if (which === 'votes') {
      const listeners = env('BENCH_LISTENERS', 1000);
      const votesPerSecond = env('BENCH_VOTES_PER_SECOND', 20);
      const voteSeconds = env('BENCH_VOTE_SECONDS', 5);
      console.log(
        `\nVote fan-out (${listeners} listeners, ${votesPerSecond} votes/s for ${voteSeconds}s)`,
      );
      await benchVoteFanOut({ joins: 0, listeners, votesPerSecond, seconds: voteSeconds });
    }
    if (which === 'all' || which === 'search') {
      const catalogueSongs = env('BENCH_CATALOGUE_SONGS', 2000);
      console.log(
        `\nSearch and song data (${seconds}s per scenario, concurrency ${concurrency}, local provider fakes)`,
      );
      printResults(await searchScenarios({ seconds, concurrency, catalogueSongs }));
    }
    if (which === 'all' || which === 'crates') {
      const songs = env('BENCH_CRATE_SONGS', 10_000);
      console.log(
        `\nCrates (${seconds}s per scenario, concurrency ${concurrency}, ${songs} songs)`,
      );
      printResults(await crateScenarios(s, u.token, { seconds, concurrency, songs }));
    }
    if (which === 'all' || which === 'points') {
      const people = env('BENCH_POINTS_PEOPLE', 5000);
      console.log(
        `\nPoints and leaderboards (${seconds}s per scenario, concurrency ${concurrency}, ${people} people)`,
      );
      printResults(await pointsScenarios(s, { seconds, concurrency, people }));
    }
    if (which === 'all' || which === 'events') {
      const events = env('BENCH_EVENTS', 2000);
      console.log(
        `\nCommunities and events (${seconds}s per scenario, concurrency ${concurrency}, ${events} events)`,
      );
      printResults(await eventScenarios(s, { seconds, concurrency, events }));
    }
    if (which === 'all' || which === 'lists') {
      const rows = env('BENCH_LIST_ROWS', 2000);
      console.log(
        `\nBusiest list routes (${seconds}s per scenario, concurrency ${concurrency}, ${rows} rows per list)`,
      );
      printResults(await listScenarios(s, { seconds, concurrency, rows }));
    }
    if (which === 'all' || which === 'flood') {
      const o = {
        seconds,
        concurrency: Math.min(concurrency, 16),
        attackers: env('BENCH_FLOOD_ATTACKERS', 5),
        listeners: env('BENCH_FLOOD_LISTENERS', 100),
      };
      console.log(
        `\nSocket flood (${o.attackers} flooding users, ${o.listeners} listeners, REST concurrency ${o.concurrency}, ${seconds}s per run)`,
      );
      await benchFlood(o);
    }
    if (which === 'all' || which === 'chat') {
      const o = {
        listeners: env('BENCH_CHAT_LISTENERS', 2000),
        messagesPerSecond: env('BENCH_CHAT_RATE', 200),
        seconds: env('BENCH_CHAT_SECONDS', 10),
        senders: env('BENCH_CHAT_SENDERS', 10),
      };
      console.log(
        `\nChat fan-out (${o.listeners} listeners, ${o.messagesPerSecond} messages/s for ${o.seconds}s, ${o.senders} senders)`,
      );
      await benchChat(o);
    }
    if (which === 'all' || which === 'live-audio') await benchLiveAudio(s);
    if (which === 'all' || which === 'cluster') {
      const o = {
        processes: env('BENCH_CLUSTER_PROCESSES', 4),
        listeners: env('BENCH_CLUSTER_LISTENERS', 2000),
        votesPerSecond: env('BENCH_VOTES_PER_SECOND', 20),
        seconds: env('BENCH_VOTE_SECONDS', 5),
      };
      console.log(
        `\nCluster (${o.processes} processes behind nginx vs 1, ${o.listeners} listeners in one room, a song change, ${o.votesPerSecond} votes/s for ${o.seconds}s)`,
      );
      await benchCluster(o);
    }
    if (which === 'demo') {
      console.log('\nDemo catalogue (every track at full length)');
      await benchDemoStorm(env('BENCH_DEMO_JOINS', 500));
      await benchDemo(s, env('BENCH_DEMO_SEED', 3));
    }
  } finally {
    await s.close();
  }
}

void main();
