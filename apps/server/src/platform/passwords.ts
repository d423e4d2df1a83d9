import { hash, verify } from '@node-rs/argon2';
import { fail } from './errors';

// Algorithm.Argon2id of @node-rs/argon2 (a const enum, not importable with isolatedModules).
const ARGON2ID = 2;

export interface HashLimits {
  /** Hashes and verifications running at once (each on a libuv worker thread). */
  concurrency: number;
  /** Calls waiting for a turn; one more is refused (503) instead of queued. */
  maxQueue: number;
}

/**
 * SEC-ROOMPW-3: argon2 runs off the event loop (libuv's worker threads), but every call takes a
 * worker and ~19 MiB for tens of milliseconds; unbounded, a burst of guesses fills the thread pool
 * (file and DNS work wait behind it) and every login queues behind the guesses. One gate per
 * process bounds how many run at once and how many may wait; past that, SERVICE_UNAVAILABLE.
 */
export class HashGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(public limits: HashLimits) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.maxQueue) throw fail('SERVICE_UNAVAILABLE');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next caller; otherwise it is freed.
      if (next) next();
      else this.running--;
    }
  }
}

/** Shared by every PasswordHasher of the process (user and room services alike). */
export const passwordGate = new HashGate({ concurrency: 2, maxQueue: 100 });

/** argon2id password hashing, through the process's hash gate. */
export class PasswordHasher {
  /**
   * `limits` (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_MAX_QUEUE) configure the shared gate; a
   * hasher made without them uses it as configured.
   */
  constructor(
    private readonly memoryCost: number,
    limits?: HashLimits,
  ) {
    if (limits) passwordGate.limits = { ...limits };
  }

  hash(password: string): Promise<string> {
    return passwordGate.run(() =>
      hash(password, {
        algorithm: ARGON2ID,
        memoryCost: this.memoryCost,
        timeCost: 2,
        parallelism: 1,
      }),
    );
  }

  async verify(hashed: string | null | undefined, password: string): Promise<boolean> {
    if (!hashed) return false;
    return passwordGate.run(async () => {
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    });
  }
}
