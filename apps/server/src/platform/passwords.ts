import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2 (a const enum, not importable with isolatedModules).
const ARGON2ID = 2;

/** argon2id password hashing. */
export class PasswordHasher {
  constructor(private readonly memoryCost: number) {}

  hash(password: string): Promise<string> {
    return hash(password, {
      algorithm: ARGON2ID,
      memoryCost: this.memoryCost,
      timeCost: 2,
      parallelism: 1,
    });
  }

  async verify(hashed: string | null | undefined, password: string): Promise<boolean> {
    if (!hashed) return false;
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  }
}
