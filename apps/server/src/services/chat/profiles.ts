import type { UserProfileDto } from '@tt/protocol';
import type { Platform } from '../../platform/service';

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Public profiles through the users port, kept a minute (user.profileUpdated drops an entry at
 * once). Without the user service in this process every profile is unknown.
 */
export class ChatProfiles {
  private readonly cache = new Map<string, { profile: UserProfileDto | null; at: number }>();
  /** Counts forgotten entries: a lookup that overlapped one does not cache what it read. */
  private changes = 0;

  constructor(private readonly platform: Platform) {}

  get available(): boolean {
    return Boolean(this.platform.ports.users);
  }

  async get(uids: string[]): Promise<Map<string, UserProfileDto>> {
    const out = new Map<string, UserProfileDto>();
    const now = Date.now();
    const missing: string[] = [];
    for (const uid of new Set(uids)) {
      const hit = this.cache.get(uid);
      if (hit && now - hit.at < TTL_MS) {
        if (hit.profile) out.set(uid, hit.profile);
      } else missing.push(uid);
    }
    const users = this.platform.ports.users;
    if (missing.length && users) {
      const changesBefore = this.changes;
      const found = await users.profiles(missing);
      const keep = changesBefore === this.changes;
      const byUuid = new Map(found.map((p) => [p.uuid, p]));
      if (this.cache.size > MAX_ENTRIES) this.cache.clear();
      for (const uid of missing) {
        const p = byUuid.get(uid) ?? null;
        if (keep) this.cache.set(uid, { profile: p, at: now });
        if (p) out.set(uid, p);
      }
    }
    return out;
  }

  async one(uid: string): Promise<UserProfileDto | undefined> {
    return (await this.get([uid])).get(uid);
  }

  forget(uid: string): void {
    this.changes++;
    this.cache.delete(uid);
  }
}
