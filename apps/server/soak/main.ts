import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { authEndpoints, roomEndpoints } from '@tt/protocol';
import { startCluster } from '../cluster/cluster';
import { signUp } from '../src/platform/outbox/crash.testing';
import { joinChat, post } from './chat';
import {
  checkChat,
  checkFaults,
  checkJobs,
  checkRoomState,
  checkVotes,
  safely,
  settling,
  type Check,
} from './checks';
import { api, requests, retrying } from './http';
import { fencesOf, ProcessLogs } from './logs';
import { checkNotifications } from './notifications';
import { ageAccounts, checkPoints, SOAK_MIN_PLAYED_SECONDS } from './points';
import { RoomBot, soakSong } from './room-bot';
import { startPostgres, startRedis } from './services';
import { grantUpload, toneFile, upload, verifyAccounts } from './uploads';

/**
 * `npm run soak`: SOAK_PROCESSES (3) app processes behind nginx on a private PostgreSQL and Redis
 * for SOAK_MINUTES (10). ttfm-socket bots DJ, vote and star; chat bots post through the CometChat
 * REST; web-like clients join and leave; an uploader uploads. Meanwhile a random process is killed
 * every SOAK_KILL_EVERY seconds (SIGKILL and SIGTERM in turn) and started again, Redis is restarted
 * once and PostgreSQL once. Then the checks (checks.ts); the exit code is 1 when one fails.
 */
const num = (name: string, fallback: number) => {
  const v = process.env[name] === undefined ? fallback : Number(process.env[name]);
  if (!(v > 0)) throw new Error(`${name} must be a positive number`);
  return v;
};
const MINUTES = num('SOAK_MINUTES', 10);
const PROCESSES = Math.round(num('SOAK_PROCESSES', 3));
const KILL_EVERY = num('SOAK_KILL_EVERY', Math.min(180, Math.max(20, (MINUTES * 60) / 6)));
const SONG_SECONDS = 20;
const started = Date.now();
const t = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const log = (line: string) => console.log(`[soak ${t()}] ${line}`);
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

log(`${PROCESSES} processes, ${MINUTES} min, a process killed every ${KILL_EVERY} s`);
const redis = await startRedis();
// A service or the cluster that fails to start must not leave the others running.
const orStop = async <T>(what: Promise<T>, ...started: { stop(): Promise<void> }[]) => {
  try {
    return await what;
  } catch (err) {
    await Promise.all(started.map((s) => s.stop().catch(() => {})));
    throw err;
  }
};
const postgres = await orStop(startPostgres(), redis);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-soak-'));
const tone = await toneFile();
log(`private PostgreSQL ${postgres.url}, Redis ${redis.url}`);
const prefix = `tt-soak-${randomBytes(3).toString('hex')}:`;
const cluster = await orStop(
  startCluster({
    processes: PROCESSES,
    env: {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      REDIS_PREFIX: prefix,
      WEB_DIST: path.join(dataDir, 'no-web'),
      ROOM_LEASE_MS: '3000',
      SONG_TRANSCODE_CONCURRENCY: '1',
      // PTS-DJ-4: the soak's songs are short; they pay all the same (the points check).
      POINTS_MIN_PLAYED_SECONDS: String(SOAK_MIN_PLAYED_SECONDS),
    },
    firstEnv: { SEED_DEMO: 'false' },
  }),
  redis,
  postgres,
);
const base = cluster.url;
log(`cluster at ${base}`);
const logs = new ProcessLogs(cluster);

let stopping = false;
const cleanup = async () => {
  await cluster.stop().catch(() => {});
  await Promise.all([redis.stop(), postgres.stop()]).catch(() => {});
  await fs.rm(dataDir, { recursive: true, force: true });
  await tone.drop().catch(() => {});
};
// A bug of the soak itself must not leave the cluster and the services running.
const crashed = (err: unknown) => {
  console.error('soak: unexpected error', err);
  if (stopping) return;
  stopping = true;
  void cleanup().then(() => process.exit(1));
};
process.on('uncaughtException', crashed);
process.on('unhandledRejection', crashed);
process.on('SIGINT', () => {
  if (stopping) return;
  stopping = true;
  void cleanup().then(() => process.exit(130));
});

type Account = Awaited<ReturnType<typeof signUp>> & { name: string };
const account = async (name: string): Promise<Account> => ({
  ...(await retrying(() => signUp(base, name))),
  name,
});
const login = async (a: Account) =>
  (await api(base).call(authEndpoints.login, { body: { email: a.email, password: a.password } }))
    .accessToken;

let checks: Check[] = [];
try {
  const owner = await account('owner');
  const djs = [await account('dja'), await account('djb')];
  const listeners = await Promise.all(['la', 'lb', 'lc', 'ld'].map(account));
  const chatters = [await account('chata'), await account('chatb')];
  const webs = await Promise.all(['wa', 'wb', 'wc'].map(account));
  const mod = await account('mod');
  const uploader = await account('up');
  const accounts = [owner, ...djs, ...listeners, ...chatters, ...webs, mod, uploader];
  await verifyAccounts(postgres, mod.uuid);
  await ageAccounts(postgres.url);
  for (const a of accounts) a.token = await retrying(() => login(a));
  await grantUpload(base, mod.token, uploader.uuid);
  const room = await api(base, owner.token).call(roomEndpoints.create, {
    body: { name: 'Soak Room', slug: `soak-${Date.now().toString(36)}` },
  });
  const everyone = [owner, ...djs, ...listeners, ...chatters, ...webs];
  for (const a of everyone) await joinChat(base, a, room.uuid);
  const bot = (a: Account) => new RoomBot(a.name, base, a.token, a.uuid, room.uuid);
  const ownerBot = bot(owner);
  const djBots = djs.map(bot);
  const listenerBots = listeners.map(bot);
  for (const b of [ownerBot, ...djBots, ...listenerBots]) await b.join();
  log(
    `room ${room.slug}: ${everyone.length} accounts, ${2 + djBots.length + listenerBots.length} sockets`,
  );

  // DJs: each on stage with a song, and a next one after every song.
  let songNo = 0;
  for (const d of djBots) await d.action('addDj', { song: soakSong(++songNo, SONG_SECONDS) });
  const chaosFrom = Date.now();
  const end = chaosFrom + MINUTES * 60_000;
  const running = () => Date.now() < end;
  const loops: Promise<void>[] = [];
  const loop = (every: number, work: () => Promise<void>) =>
    loops.push(
      (async () => {
        while (running()) {
          await work().catch((err: unknown) =>
            log(`(${String((err as Error)?.message ?? err).slice(0, 120)})`),
          );
          await wait(every);
        }
      })(),
    );
  // The DJs go on through the checks (the vote check needs fresh songs).
  let djsOn = true;
  // A DJ's socket is back within seconds of a kill, well within the leave grace: a DJ refused as
  // "not a DJ" lost the seat to a fault (the room check counts them).
  let notDj = 0;
  const djLoop = (async () => {
    while (djsOn) {
      await djTurn().catch((err: unknown) => {
        const text = String((err as Error)?.message ?? err);
        if (/not a DJ/i.test(text)) notDj++;
        log(`(${text.slice(0, 120)})`);
      });
      await wait(100);
    }
  })();
  async function djTurn() {
    await djBots[0].nextSong();
    for (const d of djBots)
      await d.action('updateNextSong', { song: soakSong(++songNo, SONG_SECONDS) });
    for (const l of listenerBots) {
      const votes =
        Math.random() < 0.5 ? { like: true, star: true } : { like: Math.random() < 0.7 };
      await l.action('voteOnSong', { songVotes: votes });
    }
  }
  // Chat bots: a message every 2 s each, retried with its muid while the cluster is disturbed.
  const accepted: string[] = [];
  let refused = 0;
  // The second one mentions a listener in every third message (the notifications check).
  const mentioned = listeners[0];
  const marker = `@${mentioned.name}`;
  chatters.forEach((c, i) => {
    let n = 0;
    loop(2000, async () => {
      const mention = i === 1 && n % 3 === 0 ? mentioned : undefined;
      const text = await post(base, c, room.uuid, ++n + i * 100_000, mention);
      if (text) accepted.push(text);
      else refused++;
    });
  });
  // Web-like clients: join for a while, leave, come back.
  const webBots = webs.map(bot);
  webBots.forEach((w) =>
    loop(1000, async () => {
      await w.join();
      await wait(5000 + Math.random() * 10_000);
      if (running()) w.leave();
      await wait(2000 + Math.random() * 3000);
    }),
  );
  // An upload every 20 s: its transcode may run in a process that gets killed.
  const uploads: string[] = [];
  let upNo = 0;
  loop(20_000, async () => {
    const id = await upload(base, uploader.token, tone.bytes, ++upNo);
    if (id) uploads.push(id);
  });

  // The chaos.
  const kills: number[] = [];
  let dbWindow: [number, number] = [0, 0];
  let redisDone = false;
  let pgDone = false;
  let signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL';
  let nextKill = Date.now() + KILL_EVERY * 1000;
  while (running()) {
    const at = (Date.now() - chaosFrom) / (end - chaosFrom);
    if (!redisDone && at >= 0.35) {
      redisDone = true;
      const fences = () => fencesOf(redis.url, prefix, postgres.url, room.uuid);
      log(`restarting Redis (${await fences()})`);
      await redis.restart();
      log('Redis is back');
      void wait(10_000).then(async () => log(`10 s after the Redis restart: ${await fences()}`));
    } else if (!pgDone && at >= 0.65) {
      pgDone = true;
      dbWindow = [Date.now(), 0];
      log('restarting PostgreSQL');
      await postgres.restart();
      dbWindow[1] = Date.now() + 5000;
      log('PostgreSQL is back');
    } else if (Date.now() >= nextKill) {
      const i = Math.floor(Math.random() * PROCESSES);
      log(`${signal} to process ${i + 1}`);
      logs.keep(i, signal);
      if (signal === 'SIGKILL') {
        kills.push(Date.now());
        await cluster.kill(i);
      } else await cluster.stopOne(i);
      await retrying(() => cluster.start(i), 120_000);
      log(`process ${i + 1} is back`);
      signal = signal === 'SIGKILL' ? 'SIGTERM' : 'SIGKILL';
      nextKill = Date.now() + KILL_EVERY * 1000;
    }
    await wait(500);
  }
  log(`chaos over; waiting for the bots to finish (${requests} requests so far)`);
  await Promise.all(loops);
  for (const w of webBots) await w.join();
  const present = [ownerBot, ...djBots, ...listenerBots, ...webBots];
  log(`${accepted.length} chat messages accepted, ${refused} never accepted; checking`);
  checks = [
    ...(await safely('chat', () =>
      checkChat(base, postgres.url, room.uuid, accepted, [...everyone]),
    )),
    ...(await safely('room state', () => checkRoomState(base, owner.token, room.uuid, present))),
    ...(await safely('votes', () => checkVotes(base, owner.token, room.uuid, listenerBots))),
    ...(await safely('jobs', () =>
      checkJobs(
        base,
        uploads,
        cluster.ports,
        (port) => cluster.processes[cluster.ports.indexOf(port)]?.output() ?? '(not running)',
      ),
    )),
  ];
  const onStage = (
    await retrying(() =>
      api(base, owner.token).call(roomEndpoints.roomState, { params: { id: room.uuid } }),
    )
  ).djs.length;
  checks.push({
    name: 'room: the DJs kept their seats through the chaos',
    ok: notDj === 0 && onStage === djBots.length,
    detail: `${onStage} of ${djBots.length} DJs on stage at the end, ${notDj} actions refused as "not a DJ"`,
  });
  // The DJs step down, so that no play ends while the points are counted.
  djsOn = false;
  await djLoop;
  for (const d of djBots) await d.action('removeDj', {}).catch(() => {});
  checks.push(
    ...(await safely('points', () => settling(() => checkPoints(base, postgres.url, room.uuid)))),
    ...(await safely('notifications', () =>
      settling(() => checkNotifications(base, postgres.url, room.uuid, mentioned, marker)),
    )),
    checkFaults(dbWindow, kills, started),
  );
  for (const b of present) b.leave();
} catch (err) {
  checks.push({ name: 'the soak ran to its end', ok: false, detail: String(err) });
}

const failed = checks.filter((c) => !c.ok);
console.log(
  [
    '',
    `Soak report: ${PROCESSES} processes, ${MINUTES} min, a process killed every ${KILL_EVERY} s (SIGKILL and SIGTERM in turn), Redis and PostgreSQL restarted once, ${requests} HTTP requests, ${Math.round((Date.now() - started) / 1000)} s in all`,
    ...checks.map((c) => `  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`),
    `  ${failed.length === 0 ? 'all checks passed' : `${failed.length} of ${checks.length} checks failed`}`,
    '',
  ].join('\n'),
);
stopping = true;
log(`the processes' output: ${await logs.write().catch((err: Error) => err.message)}`);
await cleanup();
process.exit(failed.length === 0 ? 0 : 1);
