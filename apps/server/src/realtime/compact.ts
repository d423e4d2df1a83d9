/*
 * ROOM-MEM-2: a socket is nearly always in one room and a room member nearly always on one
 * socket, so the collections they hold keep their first entry in fields and make a real Map or
 * Set only for a second one (an empty Map or Set costs about 200 bytes of hash table each).
 */

/** A Map of what is nearly always one entry: the same methods as the Map the callers used. */
export class OneOrMoreMap<K, V> {
  private k: K | undefined = undefined;
  private v: V | undefined = undefined;
  private one = false;
  private more: Map<K, V> | null = null;

  get size(): number {
    return this.more ? this.more.size : this.one ? 1 : 0;
  }

  get(key: K): V | undefined {
    if (this.more) return this.more.get(key);
    return this.one && this.k === key ? this.v : undefined;
  }

  has(key: K): boolean {
    if (this.more) return this.more.has(key);
    return this.one && this.k === key;
  }

  set(key: K, value: V): this {
    if (this.more) this.more.set(key, value);
    else if (!this.one || this.k === key) {
      this.k = key;
      this.v = value;
      this.one = true;
    } else {
      this.more = new Map([[this.k as K, this.v as V]]).set(key, value);
      this.forget();
    }
    return this;
  }

  delete(key: K): boolean {
    if (this.more) return this.more.delete(key);
    if (!this.one || this.k !== key) return false;
    this.forget();
    return true;
  }

  clear(): void {
    this.forget();
    this.more = null;
  }

  private forget(): void {
    this.k = undefined;
    this.v = undefined;
    this.one = false;
  }

  *entries(): IterableIterator<[K, V]> {
    if (this.more) yield* [...this.more];
    else if (this.one) yield [this.k as K, this.v as V];
  }

  *keys(): IterableIterator<K> {
    for (const [k] of this.entries()) yield k;
  }

  *values(): IterableIterator<V> {
    for (const [, v] of this.entries()) yield v;
  }
}

/**
 * A Set of what is nearly always one value (a member's connection ids, a user's sockets in a
 * room): the Map above with each value stored as its own key, so one object per set rather than
 * a set wrapping a map (one object fewer per listener, twice over).
 */
export class OneOrMoreSet<T> extends OneOrMoreMap<T, T> {
  constructor(first?: T) {
    super();
    if (first !== undefined) this.set(first, first);
  }

  add(value: T): this {
    return this.set(value, value);
  }

  [Symbol.iterator](): IterableIterator<T> {
    return this.keys();
  }
}
