import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AfkDjWatch, type AfkHost } from './afk-djs';
import type { LiveRoom } from './live-room';

/** ROOM-RULES-7's sweep against a room whose queue is slower than the sweep. */
describe('AFK sweep', () => {
  it('ROOM-RULES-7: a room whose last check is still queued gets no second one, and gets the next once it ran', async () => {
    const room = { uuid: 'r1', settings: { rules: { afkDjMinutes: 5 } } } as unknown as LiveRoom;
    let queued = 0;
    let release: () => void = () => {};
    const host: AfkHost = {
      ownedRooms: () => [room],
      enqueue: async () => {
        queued++;
        await new Promise<void>((r) => (release = r));
        return undefined as never;
      },
    };
    const watch = new AfkDjWatch(host, 5, pino({ level: 'silent' }));
    watch.start();
    try {
      await expect.poll(() => queued).toBe(1);
      // Many sweeps go by while the check waits in the queue.
      await new Promise((r) => setTimeout(r, 100));
      expect(queued).toBe(1);
      release();
      await expect.poll(() => queued).toBe(2);
    } finally {
      watch.stop();
      release();
    }
  });
});
