/**
 * `npm run bench -- demo` (first figure): a join storm of BENCH_DEMO_JOINS (default 500) sockets
 * against a server in a process of its own (bench/room-host.ts), with nothing else running, while
 * the demo catalogue renders as the server does it (DEMO-RENDER-1: a child process at niceness
 * 19), and while the same child renders at normal priority; side by side.
 */
import { DemoRenderer, RENDER_PRIORITY } from '../src/services/song/demo/render-offthread';
import { DEMO_TRACKS } from '../src/services/song/demo/tracks';
import { storm } from './join';

const longest = DEMO_TRACKS.reduce((a, b) => (b.seconds > a.seconds ? b : a));

/** The storm while `renderer` renders whole tracks, one after another, until it is done. */
async function whileRendering(name: string, joins: number, priority: number) {
  const renderer = new DemoRenderer(priority);
  await renderer.render(longest, { maxSeconds: 1 }); // started before the storm
  const abort = new AbortController();
  const loop = (async () => {
    while (!abort.signal.aborted) {
      await renderer.render(longest, { signal: abort.signal }).catch(() => undefined);
    }
  })();
  await new Promise((r) => setImmediate(r)); // the first track is on its way to the child
  try {
    return await storm(name, 'room', joins);
  } finally {
    abort.abort();
    await loop;
    renderer.close();
  }
}

export async function benchDemoStorm(joins: number): Promise<void> {
  const rendering = await whileRendering(
    `while rendering (child, niceness ${RENDER_PRIORITY})`,
    joins,
    RENDER_PRIORITY,
  );
  const normal = await whileRendering('while rendering (child, niceness 0)', joins, 0);
  const idle = await storm('after rendering (idle)', 'room', joins);
  const rows = [rendering, idle, normal];
  console.table(
    rows.map((r) => ({
      scenario: r.scenario,
      joined: r.joined,
      'p50 ms': r['p50 ms'],
      'p99 ms': r['p99 ms'],
      'CPU ms/join': r['CPU ms/join'],
    })),
  );
  const ratio = (a: number, b: number) => (a / Math.max(0.001, b)).toFixed(2);
  console.log(
    `join storm of ${joins}: p99 while rendering ${rendering['p99 ms']} ms vs after ${idle['p99 ms']} ms ` +
      `(${ratio(rendering['p99 ms'], idle['p99 ms'])}x; at niceness 0: ${ratio(normal['p99 ms'], idle['p99 ms'])}x)`,
  );
}
