import { fail } from '../../platform/errors';
import type { RoomCore } from './core';

/** Who types a room password: an account (or guest) and the address it comes from. */
export interface Guesser {
  uuid?: string | null;
  ip?: string | null;
}

/**
 * SEC-ROOMPW-1: wrong room passwords are counted per user and room, per address and per room,
 * within ROOM_PASSWORD_THROTTLE_WINDOW (shared counters: every process sees them). Once a count
 * reaches its limit, further passwords are refused with 429 before any argon2 work; a right
 * password clears the user's count for that room. Guesses from one address (and from one account)
 * are checked one at a time in a process, so a burst sent at once cannot slip past the counts.
 */
export class RoomPasswordGuard {
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(private readonly core: RoomCore) {}

  private keys(roomUuid: string, who: Guesser) {
    return {
      user: who.uuid ? `room-pw:user:${roomUuid}:${who.uuid}` : null,
      ip: who.ip ? `room-pw:ip:${who.ip}` : null,
      room: `room-pw:room:${roomUuid}`,
    };
  }

  /**
   * Tries each password against each hash; answers the hash that matched, or null. Throws
   * ROOM_PASSWORD_ATTEMPTS when the guesser (or the room) is over a limit.
   */
  verify(
    roomUuid: string,
    who: Guesser,
    passwords: string[],
    hashes: string[],
  ): Promise<string | null> {
    const keys = this.keys(roomUuid, who);
    // Address first, then account: always in this order, so two checks never wait on each other.
    return this.serially(keys.ip ?? keys.room, () =>
      keys.user
        ? this.serially(keys.user, () => this.check(keys, passwords, hashes))
        : this.check(keys, passwords, hashes),
    );
  }

  /** Runs `fn` after every earlier call with the same key (in this process). */
  private serially<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(key) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.catch(() => undefined);
    this.chains.set(key, tail);
    void tail.then(() => {
      if (this.chains.get(key) === tail) this.chains.delete(key);
    });
    return run;
  }

  private async check(
    keys: ReturnType<RoomPasswordGuard['keys']>,
    passwords: string[],
    hashes: string[],
  ): Promise<string | null> {
    const { counters, config } = this.core.platform;
    const limits: Array<[string | null, number]> = [
      [keys.user, config.ROOM_PASSWORD_MAX_FAILURES_PER_USER],
      [keys.ip, config.ROOM_PASSWORD_MAX_FAILURES_PER_IP],
      [keys.room, config.ROOM_PASSWORD_MAX_FAILURES_PER_ROOM],
    ];
    for (const [key, max] of limits) {
      if (key && (await counters.get(key)) >= max) throw fail('ROOM_PASSWORD_ATTEMPTS');
    }
    for (const password of passwords) {
      for (const hash of hashes) {
        if (await this.core.passwords.verify(hash, password)) {
          if (keys.user) await counters.reset(keys.user);
          return hash;
        }
      }
    }
    const window = config.ROOM_PASSWORD_THROTTLE_WINDOW;
    for (const [key] of limits) if (key) await counters.hit(key, window);
    return null;
  }
}
