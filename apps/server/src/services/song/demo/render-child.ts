/**
 * The demo renderer's child process (DEMO-RENDER-1): started by render-offthread.ts at a low
 * scheduling priority, it renders the tracks it is sent, one at a time, and answers each with the
 * WAV over IPC (advanced serialisation: the bytes travel as they are). It exits when its parent
 * goes away or disconnects.
 */
import os from 'node:os';
import { renderTrack } from './render';
import type { RenderReply, RenderRequest } from './render-offthread';

const reply = (msg: RenderReply) => process.send?.(msg);

process.on('message', (msg: RenderRequest) => {
  const cpu = process.cpuUsage();
  renderTrack(msg.track, { maxSeconds: msg.maxSeconds }).then(
    (r) => {
      const used = process.cpuUsage(cpu);
      reply({
        id: msg.id,
        ok: true,
        track: r,
        pid: process.pid,
        priority: os.getPriority(),
        cpuMs: (used.user + used.system) / 1000,
      });
    },
    (err: unknown) =>
      reply({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
// Ctrl-C in the server's terminal reaches this process too: the server stops it itself (the
// stopped seeding then says so, instead of a renderer that "exited").
process.on('SIGINT', () => undefined);
reply({ ready: true });
