/**
 * Pages of a list kept per process, per owner (a room, a person) and per page (limit/offset, or
 * any key), for `ttlMs`.
 * A drop forgets an owner's pages on this process (its callers publish the drop on the bus, so
 * every process forgets them), and a read that raced a drop of its owner is not kept: it may
 * predate the change. `now` is the clock (injected by tests). Used by ROOM-RECENT-1 (a room's
 * recent songs), ROOM-LIST-5 (a person's recent rooms) and SOC-INV-LIST-2 (a person's pending
 * friend invitations).
 */
export class KeptPages<K, P> {
  private readonly kept = new Map<K, Map<string, { until: number; page: P }>>();
  /** The reads under way, by owner: a drop removes its owner's, so that read is not kept. */
  private readonly reading = new Map<K, object>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxOwners = 2000,
  ) {}

  /** The kept page of `owner` at `limit`/`offset`, or the one `load` reads (then kept). */
  get(owner: K, limit: number, offset: number, load: () => Promise<P>): Promise<P> {
    return this.keep(owner, `${limit}:${offset}`, load);
  }

  /** The kept page `key` of `owner`, or the one `load` reads (then kept). */
  async keep(owner: K, key: string, load: () => Promise<P>): Promise<P> {
    const hit = this.kept.get(owner)?.get(key);
    if (hit && hit.until > this.now()) return hit.page;
    const read = {};
    this.reading.set(owner, read);
    let page: P;
    try {
      page = await load();
    } catch (err) {
      if (this.reading.get(owner) === read) this.reading.delete(owner);
      throw err;
    }
    const raced = this.reading.get(owner) !== read;
    if (!raced) this.reading.delete(owner);
    if (this.ttlMs > 0 && !raced) {
      if (!this.kept.has(owner) && this.kept.size >= this.maxOwners) this.kept.clear();
      const pages = this.kept.get(owner) ?? new Map<string, { until: number; page: P }>();
      pages.set(key, { until: this.now() + this.ttlMs, page });
      this.kept.set(owner, pages);
    }
    return page;
  }

  /** Forgets the owner's pages in this process (and a read of them under way is not kept). */
  drop(owner: K): void {
    this.reading.delete(owner);
    this.kept.delete(owner);
  }

  /** Forgets every page in this process. */
  dropAll(): void {
    this.reading.clear();
    this.kept.clear();
  }
}
