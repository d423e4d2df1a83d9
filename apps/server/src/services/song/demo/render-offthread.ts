/**
 * DEMO-RENDER-1: the demo catalogue is synthesised off the server's event loop, in a child process
 * at the lowest scheduling priority (render-child.ts), so that the rooms of a server that is still
 * rendering answer as fast as those of one that is done: the render only takes the CPU the server
 * leaves.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RenderedTrack } from './render';
import type { DemoTrack } from './tracks';

/** The niceness of the renderer (19: it runs only when nothing else wants the CPU). */
export const RENDER_PRIORITY = 19;

export interface RenderRequest {
  id: number;
  track: DemoTrack;
  maxSeconds?: number;
}

export type RenderReply =
  | { ready: true }
  | {
      id: number;
      ok: true;
      track: RenderedTrack;
      pid: number;
      priority: number;
      cpuMs: number;
    }
  | { id: number; ok: false; error: string };

/** A track rendered by the child, with the process that did it and its priority then. */
export interface OffThreadRender extends RenderedTrack {
  pid: number;
  priority: number;
  /** CPU time the child spent on this render. */
  cpuMs: number;
}

/** The child's entry, and how Node loads it (through tsx while the server runs from source). */
function entry(): { file: string; execArgv: string[] } {
  const self = import.meta.url;
  const ext = self.endsWith('.ts') ? '.ts' : '.js';
  const file = fileURLToPath(new URL(`./render-child${ext}`, self));
  if (ext === '.js') return { file, execArgv: [] };
  const tsx = pathToFileURL(createRequire(self).resolve('tsx')).href;
  return { file, execArgv: ['--import', tsx] };
}

/**
 * One renderer child for a run of renders (the seeding of a catalogue): started on the first
 * render, stopped by close() or when a render is aborted.
 */
export class DemoRenderer {
  private child: ChildProcess | null = null;
  private ready: Promise<ChildProcess> | null = null;
  private nextId = 1;

  /** `priority`: the child's niceness (the bench compares 0 with the default). */
  constructor(private readonly priority = RENDER_PRIORITY) {}

  /** The child's pid, once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private start(): Promise<ChildProcess> {
    if (this.ready) return this.ready;
    const { file, execArgv } = entry();
    const child = fork(file, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    try {
      if (child.pid) os.setPriority(child.pid, this.priority);
    } catch {
      // Not allowed here (a container's policy): the render still runs off the event loop.
    }
    this.ready = new Promise<ChildProcess>((resolve, reject) => {
      // Listened to for the child's life: a failed send or spawn is an 'error', not a crash.
      child.on('error', (err) => {
        this.forget(child);
        reject(err);
      });
      child.once('exit', (code) => {
        this.forget(child);
        reject(new Error(`demo renderer exited (${code})`));
      });
      child.once('message', () => resolve(child));
    });
    this.ready.catch(() => undefined);
    return this.ready;
  }

  private forget(child: ChildProcess) {
    if (this.child !== child) return;
    this.child = null;
    this.ready = null;
  }

  /** Renders `track` in the child; an abort kills the child (the next render starts another). */
  async render(
    track: DemoTrack,
    opts: { maxSeconds?: number; signal?: AbortSignal } = {},
  ): Promise<OffThreadRender> {
    const { signal } = opts;
    signal?.throwIfAborted();
    const child = await this.start();
    signal?.throwIfAborted();
    const id = this.nextId++;
    return new Promise<OffThreadRender>((resolve, reject) => {
      const done = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
      };
      const onMessage = (msg: RenderReply) => {
        if (!('id' in msg) || msg.id !== id) return;
        done();
        if (!msg.ok) return reject(new Error(`demo renderer: ${msg.error}`));
        const { wav } = msg.track;
        resolve({
          ...msg.track,
          wav: Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength),
          pid: msg.pid,
          priority: msg.priority,
          cpuMs: msg.cpuMs,
        });
      };
      const onExit = (code: number | null) => {
        done();
        this.forget(child);
        reject(new Error(`demo renderer exited (${code})`));
      };
      const onAbort = () => {
        done();
        this.kill();
        reject(signal?.reason);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      child.send({ id, track, maxSeconds: opts.maxSeconds } satisfies RenderRequest);
    });
  }

  private kill() {
    const child = this.child;
    if (!child) return;
    this.forget(child);
    child.kill('SIGKILL');
  }

  /** Stops the child (it is idle between renders: nothing is lost). */
  close(): void {
    this.kill();
  }
}
