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
    const before = process.cpuUsage();
    const r = await renderer.render(track);
    const used = process.cpuUsage(before);
    const ownMs = (used.user + used.system) / 1000;
    expect(r.seconds).toBe(track.seconds);
    // A whole track is a second or more of the child's CPU; this process only receives the WAV.
    expect(ownMs).toBeLessThan(r.cpuMs / 4);
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
