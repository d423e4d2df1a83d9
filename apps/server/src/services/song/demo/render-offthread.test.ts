import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { renderTrack } from './render';
import { DemoRenderer, RENDER_PRIORITY } from './render-offthread';
import { DEMO_TRACKS } from './tracks';

const SECONDS = 4;

/** Whether process `pid` is still there. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(cond: () => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`still waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * CPU time of this process's main thread (the event loop's) in ms, from /proc on Linux: unlike the
 * process's CPU it leaves out the garbage collector's and libuv's threads, and unlike the event
 * loop's busy time it does not grow while a loaded machine makes the thread wait for a core.
 * Null where /proc is not there.
 */
function mainThreadCpuMs(): number | null {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // After "pid (name) ", utime and stime are the 12th and 13th fields, in ticks of 10 ms.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

let renderer: DemoRenderer;
afterEach(() => renderer?.close());

describe('DEMO-RENDER-1: the demo catalogue renders off the server event loop', () => {
  it('DEMO-RENDER-1 renders in a child process, at the lowest priority by default', async () => {
    renderer = new DemoRenderer();
    // A second of audio: at niceness 19 on a machine busy with other tests it waits for them.
    const off = await renderer.render(DEMO_TRACKS[0], { maxSeconds: 1 });
    expect(off.pid).not.toBe(process.pid);
    expect(off.pid).toBe(renderer.pid);
    expect(off.priority).toBe(RENDER_PRIORITY);
    expect(RENDER_PRIORITY).toBe(19);
  });

  it('DEMO-RENDER-1 renders the same bytes in the child as in process', async () => {
    // Niceness 0 from here on: these are about where the render runs, not how politely.
    renderer = new DemoRenderer(0);
    const track = DEMO_TRACKS[0];
    const off = await renderer.render(track, { maxSeconds: SECONDS });
    expect(off.pid).not.toBe(process.pid);
    expect(off.priority).toBe(0);
    const here = await renderTrack(track, { maxSeconds: SECONDS });
    expect(Buffer.isBuffer(off.wav)).toBe(true);
    expect(off.wav.equals(here.wav)).toBe(true);
    expect(off.seconds).toBe(SECONDS);

    // The same child renders the next track.
    const next = await renderer.render(DEMO_TRACKS[1], { maxSeconds: SECONDS });
    expect(next.pid).toBe(off.pid);
    renderer.close();
    await until(() => !alive(off.pid), 'the renderer to exit once closed');
  });

  it('DEMO-RENDER-1 the server process spends a small part of the CPU the render takes', async () => {
    renderer = new DemoRenderer(0);
    const track = DEMO_TRACKS.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    await renderer.render(track, { maxSeconds: 1 }); // started (loading is not the render)
    // A whole track is a second or more of the child's CPU; this process only receives the WAV.
    // Measured as the CPU time of this process's main thread (where the server's event loop
    // runs; the process's CPU would also count the garbage collector's threads of a test worker
    // that has run many files, and the loop's busy time is wall time, which a loaded CI stretches
    // several times over), up to three times, and one of them must show it: a render on this
    // thread would cost it at least the child's CPU every time.
    const seen: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = performance.eventLoopUtilization();
      const cpuBefore = mainThreadCpuMs();
      const r = await renderer.render(track);
      const cpuAfter = mainThreadCpuMs();
      const busyMs = performance.eventLoopUtilization(before).active;
      const ownMs = cpuBefore === null || cpuAfter === null ? busyMs : cpuAfter - cpuBefore;
      expect(r.seconds).toBe(track.seconds);
      seen.push(
        `${ownMs.toFixed(0)} ms here (loop busy ${busyMs.toFixed(0)} ms) for ${r.cpuMs.toFixed(0)} ms in the child`,
      );
      if (ownMs < r.cpuMs / 4) return;
    }
    expect.fail(`this process spent a quarter or more of the render's CPU: ${seen.join('; ')}`);
  });

  it('DEMO-RENDER-1 an aborted render stops its child; the next render starts another', async () => {
    renderer = new DemoRenderer(0);
    await renderer.render(DEMO_TRACKS[2], { maxSeconds: 1 });
    const first = renderer.pid!;
    const abort = new AbortController();
    const rendering = renderer.render(DEMO_TRACKS[2], { signal: abort.signal });
    await new Promise((r) => setImmediate(r)); // the track is sent: the child is rendering it
    abort.abort(new Error('server closing'));
    await expect(rendering).rejects.toThrow('server closing');
    await until(() => !alive(first), 'the aborted renderer to exit');
    const again = await renderer.render(DEMO_TRACKS[2], { maxSeconds: 1 });
    expect(again.pid).not.toBe(first);
  });
});
