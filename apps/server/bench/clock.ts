/**
 * `npm run bench -- clock` (no server; a pure simulation): BENCH_CLOCK_LISTENERS (default 200)
 * listeners whose local clocks are off by up to ±5 s, on links with one-way delays of 5–200 ms
 * drawn apart for each way, play one 10-minute song through the DriftController, keeping the
 * server clock (SYNC-1..3) with the ClockEstimator against the old one-reading method (the newest
 * heartbeat or join answer, serverTime − time read). Each listener joins (a round trip), hears a
 * heartbeat every 25 s (one-way) and, in the "8 joins" rows, has 7 more round trips early on: near
 * what our clients now take with clockSync (SYNC-6: the join, 4 more within 6 s, then one a
 * minute), so those rows are the realistic ones; "1 join" is an SDK client's. The media clock of each runs up to ±0.1 %
 * off, its position is read to ±10 ms, a seek takes 100–400 ms to play again. Printed: the
 * offset error p50/p99 (|estimate − truth|, every second), the playback error p50/p99 (|where the
 * listener is − where the room is|) and the largest spread between two listeners after the first
 * 30 s, in ms; seeks per listener.
 */
import { ClockEstimator, DriftController, serverClockOffset } from '@tt/room-client';
import { seededRandom as seeded } from '@tt/room-client/testing';

type Method = 'one-reading' | 'estimator';
type Jitter = 'tail' | 'even';

const SONG_MS = 600_000;
const TICK_MS = 250;
const PING_MS = 25_000;

interface Listener {
  /** Audible position − room position, ms, at every tick. */
  errors: Float64Array;
  offsetErrors: number[];
  seeks: number;
}

function simulate(seed: number, method: Method, jitter: Jitter, joins: number): Listener {
  const random = seeded(seed);
  const delay = () => 5 + 195 * (jitter === 'tail' ? random() ** 3 : random());
  const trueOffset = (random() * 2 - 1) * 5000; // server − local
  const mediaRate = 1 + (random() * 2 - 1) * 0.001;
  const estimator = new ClockEstimator();
  let naive = 0;
  const controller = new DriftController();
  const ticks = SONG_MS / TICK_MS;
  const out: Listener = { errors: new Float64Array(ticks), offsetErrors: [], seeks: 0 };
  // Server time 0 = the song starts; the listener's local clock = server − trueOffset.
  const local = (server: number) => server - trueOffset;
  const estimate = () => (method === 'estimator' ? estimator.offset : naive);
  const roundTrip = (at: number) => {
    const up = delay();
    const down = delay();
    estimator.addRoundTrip(local(at), at + up, local(at + up + down));
    naive = serverClockOffset(at + up, local(at + up + down));
  };
  // Joins at −3 s (the first) and, for the rest, every 400 ms after it.
  for (let j = 0; j < joins; j++) roundTrip(-3000 + j * 400);
  let position = -1; // ms of media, −1: not started
  let rate = 1;
  let frozenUntil = -Infinity;
  let nextPing = -3000 + PING_MS * random();
  for (let i = 0; i < ticks; i++) {
    const server = i * TICK_MS;
    while (nextPing <= server) {
      const received = nextPing + delay();
      estimator.addOneWay(nextPing, local(received));
      naive = serverClockOffset(nextPing, local(received));
      nextPing += PING_MS;
    }
    const expected = (local(server) + estimate()) / 1000; // seconds, by the listener's clock
    if (position < 0) {
      position = Math.max(0, expected * 1000);
      frozenUntil = server + 100 + random() * 300;
    } else if (server >= frozenUntil) {
      position += TICK_MS * rate * mediaRate;
    }
    if (server >= frozenUntil) {
      const read = position / 1000 + (random() * 2 - 1) * 0.01;
      const d = controller.decide(read, expected);
      rate = d.rate;
      if (d.kind === 'seek') {
        out.seeks++;
        position = d.seekTo * 1000;
        frozenUntil = server + 100 + random() * 300;
      }
    }
    out.errors[i] = position - server;
    if (i % (1000 / TICK_MS) === 0) out.offsetErrors.push(Math.abs(estimate() - trueOffset));
  }
  return out;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

function row(listeners: number, method: Method, jitter: Jitter, joins: number): string[] {
  const runs = Array.from({ length: listeners }, (_, k) => simulate(k + 1, method, jitter, joins));
  const offsets = runs.flatMap((r) => r.offsetErrors).sort((a, b) => a - b);
  const from = 30_000 / TICK_MS;
  const play: number[] = [];
  let spread = 0;
  for (let i = from; i < SONG_MS / TICK_MS; i++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const r of runs) {
      const e = r.errors[i]!;
      if (i % 4 === 0) play.push(Math.abs(e));
      lo = Math.min(lo, e);
      hi = Math.max(hi, e);
    }
    spread = Math.max(spread, hi - lo);
  }
  play.sort((a, b) => a - b);
  const seeks = runs.reduce((n, r) => n + r.seeks, 0) / listeners;
  const f = (n: number) => n.toFixed(1);
  return [
    `${jitter} jitter, ${joins} join${joins > 1 ? 's' : ''}`,
    method,
    f(pct(offsets, 0.5)),
    f(pct(offsets, 0.99)),
    f(pct(play, 0.5)),
    f(pct(play, 0.99)),
    f(spread),
    seeks.toFixed(2),
  ];
}

export function benchClock(listeners = Number(process.env.BENCH_CLOCK_LISTENERS ?? 200)): void {
  console.log(
    `\nServer clock and drift (${listeners} listeners, a 10-minute song, skew ±5 s, delays 5–200 ms)`,
  );
  const head = [
    'case',
    'method',
    'offset p50',
    'offset p99',
    'play p50',
    'play p99',
    'max spread',
    'seeks/listener',
  ];
  const rows = [head];
  for (const jitter of ['tail', 'even'] as const) {
    for (const joins of [1, 8]) {
      for (const method of ['one-reading', 'estimator'] as const) {
        rows.push(row(listeners, method, jitter, joins));
      }
    }
  }
  const widths = head.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) console.log(r.map((v, c) => v.padEnd(widths[c]!)).join('  '));
  console.log('(ms; tail: 5 + 195·r³ per way, even: 5 + 195·r)');
}
