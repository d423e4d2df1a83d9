import { createApiClient } from '@tt/api-client';
import { authEndpoints, roomEndpoints, SOCKET_ACTIONS, type MinimalSongDto } from '@tt/protocol';
import { startCluster, type Cluster } from '../cluster/cluster';
import { ensureNginx } from '../cluster/nginx';
import { sharedState } from '../cluster/processes';
import {
  bareBaseline,
  nginxWorkersFor,
  bytesPerJoin,
  guestTokens,
  settle,
  track,
  type Delivery,
  type Recorded,
} from './cluster-probes';
import { percentile } from './http';
import { WireClient } from './ws-client';

/**
 * `npm run bench -- cluster`: one room served by N processes behind nginx on PostgreSQL + Redis
 * (each process in its own process group), listeners spread over them by round robin; a song
 * change and a steady rate of votes; delivery latency to every listener and the delivered
 * fraction. The same load on one process behind the same nginx, printed beside it. Then the owner
 * is killed (SIGKILL) and the time until a listener can rejoin the room, song and all, is taken.
 * The listeners run in this process; only frame names are looked at (no JSON parsing). They
 * join as the apps do (ROOM-PAGE-1: a page of 100 users, deflate offered). Beside it: the same
 * frames broadcast by a bare `ws` server behind the same nginx to as many sockets, and the bytes
 * one join costs with and without paging and deflate. One process behind nginx too with
 * BENCH_CLUSTER_SINGLE=1 (default when at most 2000 listeners).
 */
export interface ClusterBenchOptions {
  processes: number;
  listeners: number;
  votesPerSecond: number;
  seconds: number;
}

/**
 * The lease of a room's owner (the default): a loaded 2-core machine stalls an event loop long
 * enough to lose a 3 s lease while 10,000 sockets join, which moves the room (and resyncs them).
 */
const LEASE_MS = 6000;
const progress = (line: string) => process.stderr.write(`  … ${line}\n`);
const DEMO_DJ = { email: 'dj@turntable.local', password: 'dj-pass-123' };
const DEMO_VOTER = { email: 'listener@turntable.local', password: 'listener-pass-123' };

const song = (trackName: string): MinimalSongDto => ({
  trackName,
  artistName: 'The Load Generators',
  duration: 600,
  genre: null,
  isrc: null,
  musicProviders: { uploadService: `bench-${trackName}` },
  thumbnails: {},
  playbackToken: null,
});

async function login(url: string, who: { email: string; password: string }) {
  const anon = createApiClient({ baseUrl: url, getToken: () => null });
  const { accessToken } = await anon.call(authEndpoints.login, { body: who });
  return accessToken;
}

/**
 * Opens `n` guest sockets through the balancer and joins them to the room, a batch at a time, as
 * the apps join (a page of 100 users, deflate offered). Failures are counted, not thrown.
 */
async function listenersIn(url: string, roomUuid: string, n: number) {
  const clients: WireClient[] = [];
  let failures = 0;
  let firstError: string | null = null;
  const started = performance.now();
  for (let i = 0; i < n; i += 500) {
    const tokens = await guestTokens(url, Math.min(500, n - i));
    for (let j = 0; j < tokens.length; j += 100) {
      await Promise.all(
        tokens.slice(j, j + 100).map(async (token) => {
          try {
            const c = await WireClient.connect(url, token, true);
            clients.push(c);
            await c.action('joinRoom', { roomUuid, usersLimit: 100 });
          } catch (err) {
            failures++;
            firstError ??= String(err);
          }
        }),
      );
    }
    if ((i / 500) % 4 === 3) progress(`${clients.length} sockets, ${failures} failed joins`);
  }
  const seconds = (performance.now() - started) / 1000;
  return { clients, failures, firstError, seconds };
}

function row(name: string, d: Delivery, listeners: number, sent: number) {
  d.latencies.sort((a, b) => a - b);
  return {
    scenario: name,
    listeners,
    messages: sent,
    'delivered %': ((100 * d.received) / Math.max(1, sent * listeners)).toFixed(2),
    'p50 ms': percentile(d.latencies, 50).toFixed(1),
    'p99 ms': percentile(d.latencies, 99).toFixed(1),
  };
}

/** What one process says at /metrics (0 when absent). */
async function gauge(port: number, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const m = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

/** One run: a cluster of `processes`, the load, and (with several) the failover time. */
async function run(o: ClusterBenchOptions, processes: number) {
  const state = await sharedState();
  let cluster: Cluster | null = null;
  let clients: WireClient[] = [];
  // Interrupted (Ctrl-C, a timeout): the servers and nginx, each in a group of its own, go too.
  const interrupted = () => {
    void (cluster?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    cluster = await startCluster({
      processes,
      nginxWorkers: nginxWorkersFor(o.listeners),
      env: {
        ...state.env,
        ROOM_LEASE_MS: String(LEASE_MS),
        NODE_OPTIONS: '--max-old-space-size=4096',
        REALTIME_MAX_SOCKETS_PER_IP: '1000000',
        REALTIME_RATE_LIMITS: 'voteOnSong=100000/100000,joinRoom=100000/100000',
        ROOM_GUEST_ALLOWANCE_RATIO: '1.1', // the listeners, and the probes of bytes per join
      },
      firstEnv: { SEED_DEMO: 'true' },
    });
    const url = cluster.url;
    progress(`${processes} process(es) up behind nginx at ${url}`);
    const djToken = await login(url, DEMO_DJ);
    const voterToken = await login(url, DEMO_VOTER);
    const dj = createApiClient({ baseUrl: url, getToken: () => djToken });
    const room = await dj.call(roomEndpoints.create, {
      body: { name: `Cluster bench ${processes}`, roomSize: 10_000 },
    } as never);
    const roomUuid = (room as { uuid: string }).uuid;

    const djc = await WireClient.connect(url, djToken);
    await djc.action('joinRoom', { roomUuid });
    await djc.action('addDj', { roomUuid, song: song('First') });
    const voter = await WireClient.connect(url, voterToken);
    await voter.action('joinRoom', { roomUuid });
    const joined = await listenersIn(url, roomUuid, o.listeners);
    clients = joined.clients;
    progress(`${clients.length} listeners in the room, ${joined.failures} failed joins`);
    if (joined.firstError) progress(`first failed join: ${joined.firstError}`);
    // A server that died under the load says why (its output, which is otherwise kept quiet).
    for (const [i, p] of cluster.processes.entries()) {
      if (p && !(await gauge(cluster.ports[i], 'tt_socket_connections').catch(() => null))) {
        progress(`process ${i} does not answer; its output ends:\n${p.output().slice(-3000)}`);
      }
    }
    const spread = await Promise.all(cluster.ports.map((p) => gauge(p, 'tt_socket_connections')));
    const bytes = processes > 1 ? await bytesPerJoin(url, roomUuid) : [];
    // The frames as sent, for the bare server to send again.
    const recorded: Recorded = { song: null, votes: [] };
    voter.onRaw = (text) => {
      if (text.includes('"name":"playedSong"')) recorded.song ??= text;
      else if (text.includes('"name":"votedOnSong"')) recorded.votes.push(text);
    };

    // A song change: the DJ sets the next song and skips; every listener gets playedSong.
    const songSent: number[] = [];
    const played = track(clients, 'playedSong', songSent);
    await djc.action(SOCKET_ACTIONS.updateNextSong.name, { roomUuid, song: song('Second') });
    songSent.push(performance.now());
    await djc.action(SOCKET_ACTIONS.skipSong.name, { roomUuid });
    await settle(played, o.listeners);
    progress(`song change reached ${played.received} listeners; voting`);
    const songRow = row(`song change, ${processes} process(es)`, played, o.listeners, 1);

    // Votes at a steady rate (like / unlike in turn), each counted at every listener.
    const voteSent: number[] = [];
    const votes = track(clients, 'votedOnSong', voteSent);
    const total = Math.round(o.votesPerSecond * o.seconds);
    const gap = 1000 / o.votesPerSecond;
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const due = start + i * gap;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      voteSent.push(performance.now());
      void voter.action('voteOnSong', { roomUuid, songVotes: { like: i % 2 === 0 } });
    }
    await settle(votes, total * o.listeners);
    const voteRow = row(
      `${o.votesPerSecond} votes/s, ${processes} process(es)`,
      votes,
      o.listeners,
      total,
    );

    progress(`votes reached ${votes.received} of ${total * o.listeners}`);
    let failover: number | null = null;
    if (processes > 1) {
      // The bench room's owner holds its 10,000 members; process 0 also runs the demo residents'
      // rooms (a few members each), so "runs a room" alone could name the wrong process.
      const members = await Promise.all(cluster.ports.map((p) => gauge(p, 'tt_room_members')));
      const ownerIndex = members.indexOf(Math.max(...members));
      const killedAt = performance.now();
      await cluster.kill(ownerIndex);
      // A listener rejoins through the balancer until the room answers with its song.
      const { accessToken } = await createApiClient({ baseUrl: url, getToken: () => null }).call(
        authEndpoints.guest,
        {},
      );
      for (;;) {
        try {
          const probe = await WireClient.connect(url, accessToken);
          // An answer that never comes (the socket closed while the room moved) counts as a miss.
          const res = await Promise.race([
            probe.action('joinRoom', { roomUuid }),
            new Promise<never>((_, reject) =>
              setTimeout(() => reject(new Error('no answer')), 3000),
            ),
          ]).finally(() => probe.close());
          if (res.state?.nowPlaying?.song?.trackName === 'Second') break;
        } catch {
          // the owner is gone and the lease not yet expired: try again
        }
        await new Promise((r) => setTimeout(r, 100));
        if (performance.now() - killedAt > 60_000) break;
      }
      failover = performance.now() - killedAt;
    }
    djc.close();
    voter.close();
    return { rows: [songRow, voteRow], spread, failover, joined, bytes, recorded };
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    clients.forEach((c) => c.close());
    await cluster?.stop();
    await state.drop();
  }
}

export async function benchCluster(o: ClusterBenchOptions): Promise<void> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.log('cluster bench skipped: it needs DATABASE_URL and REDIS_URL (PostgreSQL + Redis)');
    return;
  }
  ensureNginx();
  const many = await run(o, o.processes);
  const single = process.env.BENCH_CLUSTER_SINGLE ?? (o.listeners <= 2000 ? '1' : '0');
  const one = single === '1' ? await run(o, 1) : null;
  progress('the floor: a bare ws server behind nginx sends the same frames');
  const bare = await bareBaseline(o.listeners, many.recorded, o.votesPerSecond, progress);
  const bareRows = [
    row('song change, bare ws', bare.played, o.listeners, many.recorded.song ? 1 : 0),
    row(
      `${o.votesPerSecond} votes/s, bare ws`,
      bare.votes,
      o.listeners,
      many.recorded.votes.length,
    ),
  ];
  console.table([...many.rows, ...(one?.rows ?? []), ...bareRows]);
  const j = many.joined;
  console.log(
    `joins: ${j.clients.length - j.failures} of ${o.listeners} joined, ${j.failures} failed` +
      `${j.firstError ? ` (first: ${j.firstError})` : ''}, in ${j.seconds.toFixed(0)} s`,
  );
  console.log(`sockets per process with ${o.processes}: ${many.spread.join(', ')}`);
  console.log(`bytes per join into a room of ${o.listeners + 2}:`);
  console.table(many.bytes);
  const p99 = (r: { 'p99 ms': string }) => Number(r['p99 ms']);
  const delivered = (r: { 'delivered %': string }) => Number(r['delivered %']) >= 100;
  const songRatio = p99(many.rows[0]) / Math.max(0.001, p99(bareRows[0]));
  const voteRatio = p99(many.rows[1]) / Math.max(0.001, p99(bareRows[1]));
  const met =
    delivered(many.rows[0]) && delivered(many.rows[1]) && songRatio <= 2 && voteRatio <= 2;
  console.log(
    `p99 vs bare ws through the same nginx: song change ${songRatio.toFixed(2)}x, votes ` +
      `${voteRatio.toFixed(2)}x; goal (100 % delivered, p99 ≤ 2x bare): ${met ? 'met' : 'not met'}`,
  );
  if (one) {
    const ratio = p99(many.rows[1]) / Math.max(0.001, p99(one.rows[1]));
    console.log(`votes: p99 with ${o.processes} processes is ${ratio.toFixed(2)}x one process's`);
  }
  if (many.failover !== null) {
    console.log(
      `failover: a listener rejoined the room with its song ${(many.failover / 1000).toFixed(1)} s after the owner was killed (ROOM_LEASE_MS ${LEASE_MS}; goal < ${(2 * LEASE_MS) / 1000} s: ${many.failover < 2 * LEASE_MS ? 'met' : 'not met'})`,
    );
  }
}
