import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { HashGate, passwordGate, PasswordHasher } from './passwords';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('password hashing gate', () => {
  it('SEC-ROOMPW-3: at most `concurrency` run at once; up to maxQueue wait; more are refused with 503', async () => {
    const gate = new HashGate({ concurrency: 2, maxQueue: 3 });
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const work = () =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((r) => releases.push(r));
        running--;
        return 'done';
      });
    const calls = Array.from({ length: 8 }, () => work().catch((err: unknown) => err));
    await tick();
    expect(gate.active).toBe(2);
    expect(gate.queued).toBe(3);
    // Every one finished or refused: release the running ones as they come.
    while (releases.length || gate.active) {
      releases.splice(0).forEach((r) => r());
      await tick();
    }
    const results = await Promise.all(calls);
    expect(results.filter((r) => r === 'done')).toHaveLength(5);
    const refused = results.filter((r) => r instanceof AppError) as AppError[];
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(most).toBe(2);
    expect(gate.active).toBe(0);
  });

  it('SEC-ROOMPW-3: every PasswordHasher goes through the one gate of the process', async () => {
    const a = new PasswordHasher(1024, { concurrency: 1, maxQueue: 1 });
    const b = new PasswordHasher(2048);
    const hashed = await a.hash('secret-one');
    // A call takes its turn (or its place in the queue) the moment it is made.
    const running = [b.verify(hashed, 'secret-one'), a.verify(hashed, 'wrong')];
    expect(passwordGate.active).toBe(1);
    expect(passwordGate.queued).toBe(1);
    await expect(b.hash('third')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await Promise.all(running)).toEqual([true, false]);
  });
});
