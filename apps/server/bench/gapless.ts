/**
 * `npm run bench -- gapless` (no server; a pure simulation of SYNC-7..11): BENCH_GAPLESS_LISTENERS
 * (default 200) listeners, clocks off by up to ±5 s kept with the ClockEstimator (8 round trips,
 * delays 5–200 ms with a long tail or even), media clocks up to ±0.1 % off, positions read to
 * ±10 ms, a device start latency of 80–250 ms (±20 ms each start), hear a song end at the server's
 * time T and the next one start. Two ways side by side:
 * - "on state" (the old way): the server's timer runs 1–15 ms late and starts the next song then
 *   (no SYNC-7); the listener hears of it one network delay later, loads it (playlist, key, first
 *   segment: 3 round trips + 50–300 ms), seeks to where the room is and plays.
 * - "preload": SYNC-7 (the next song starts at T), SYNC-9 (loaded before T), SYNC-10 (play() at T
 *   by the listener's clock minus the start lead, learnt over 3 earlier starts).
 * Both then run the DriftController for 20 s. Printed: the gap (silence between the old song's
 * audio and the new one's, ms; negative: overlap) p50/p99, the listeners' error vs the server
 * timeline p50/p99 and the largest spread between two listeners (in the first 20 s of the new
 * song), and the seeks per listener in it (audible).
 */
import { ClockEstimator, DriftController } from '@tt/room-client';
import { seededRandom as seeded } from '@tt/room-client/testing';

type Way = 'on state' | 'preload';
type Jitter = 'tail' | 'even';

const T = 0; // the old song's end on the server timeline
const TICK_MS = 50;
const AFTER_MS = 20_000;

interface Run {
  gap: number;
  /** Audible position − room position (ms) every tick after the room's new start. */
  errors: Float64Array;
  seeks: number;
}

function simulate(seed: number, way: Way, jitter: Jitter): Run {
  const random = seeded(seed);
  const delay = () => 5 + 195 * (jitter === 'tail' ? random() ** 3 : random());
  const trueOffset = (random() * 2 - 1) * 5000;
  const estimator = new ClockEstimator();
  const local = (server: number) => server - trueOffset;
  for (let j = 0; j < 8; j++) {
    const at = -60_000 + j * 400;
    const up = delay();
    const down = delay();
    estimator.addRoundTrip(local(at), at + up, local(at + up + down));
  }
  const e = estimator.offset - trueOffset; // listener's server clock − the real one
  const mediaRate = 1 + (random() * 2 - 1) * 0.001;
  const latency0 = 80 + random() * 170;
  const latency = () => latency0 + (random() * 2 - 1) * 20;
  // The old song in steady play ends where the listener's clock says T: at server time T − e.
  const oldStop = T - e + (random() * 2 - 1) * 10;

  let roomStart: number;
  let callAt: number; // server time play() is called
  let startPos: number; // ms of media at play()
  if (way === 'preload') {
    roomStart = T; // SYNC-7
    let lead = 0; // SYNC-10: learnt from earlier starts (half the drift each time)
    for (let k = 0; k < 3; k++) lead -= (lead - latency()) / 2;
    callAt = T - e - lead;
    startPos = 0;
  } else {
    roomStart = T + 1 + random() * 14;
    const rtt = () => delay() + delay();
    callAt = roomStart + delay() + rtt() + rtt() + rtt() + 50 + random() * 250;
    startPos = Math.max(0, callAt + e - roomStart);
  }
  const soundAt = callAt + latency();
  const run: Run = {
    gap: soundAt - oldStop,
    errors: new Float64Array(AFTER_MS / TICK_MS),
    seeks: 0,
  };
  const controller = new DriftController();
  let position = startPos;
  let rate = 1;
  let frozenUntil = soundAt;
  let nextTick = soundAt; // the sync loop samples at once, then every second
  for (let i = 0; i < run.errors.length; i++) {
    const server = roomStart + i * TICK_MS;
    if (server > frozenUntil)
      position += Math.min(TICK_MS, server - frozenUntil) * rate * mediaRate;
    if (server >= nextTick && server >= frozenUntil) {
      nextTick = server + 1000;
      const expected = (server + e - roomStart) / 1000;
      const d = controller.decide(position / 1000 + (random() * 2 - 1) * 0.01, expected);
      rate = d.rate;
      if (d.kind === 'seek') {
        run.seeks++;
        position = d.seekTo * 1000;
        frozenUntil = server + 100 + random() * 300;
      }
    }
    // Before it sounds, the listener is as far behind as the room has gone.
    run.errors[i] = server < soundAt ? -(server - roomStart) : position - (server - roomStart);
  }
  return run;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

function row(listeners: number, way: Way, jitter: Jitter): string[] {
  const runs = Array.from({ length: listeners }, (_, k) => simulate(k + 1, way, jitter));
  const gaps = runs.map((r) => r.gap).sort((a, b) => a - b);
  const errors: number[] = [];
  let spread = 0;
  for (let i = 0; i < AFTER_MS / TICK_MS; i++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const r of runs) {
      const v = r.errors[i]!;
      errors.push(Math.abs(v));
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    spread = Math.max(spread, hi - lo);
  }
  errors.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  return [
    `${jitter} jitter`,
    way,
    f(pct(gaps, 0.5)),
    f(pct(gaps, 0.99)),
    f(pct(errors, 0.5)),
    f(pct(errors, 0.99)),
    f(spread),
    (runs.reduce((n, r) => n + r.seeks, 0) / listeners).toFixed(2),
  ];
}

export function benchGapless(listeners = Number(process.env.BENCH_GAPLESS_LISTENERS ?? 200)): void {
  console.log(
    `\nSong change (${listeners} listeners, skew ±5 s, delays 5–200 ms, start latency 80–250 ms)`,
  );
  const head = [
    'case',
    'way',
    'gap p50',
    'gap p99',
    'vs timeline p50',
    'p99',
    'max spread',
    'seeks',
  ];
  const rows = [head];
  for (const jitter of ['tail', 'even'] as const) {
    for (const way of ['on state', 'preload'] as const) rows.push(row(listeners, way, jitter));
  }
  const widths = head.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) console.log(r.map((v, c) => v.padEnd(widths[c]!)).join('  '));
  console.log('(ms over the new song’s first 20 s; seeks per listener in them)');
}
