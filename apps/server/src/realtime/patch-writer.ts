import jsonpatch from 'fast-json-patch';
import type { Operation } from '@tt/protocol';

/** A JSON pointer from path segments (RFC 6901 escaping). */
export function pointer(...parts: (string | number)[]): string {
  return parts.map((p) => '/' + String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/**
 * A JSON copy: what a client ends up with after the value crossed the wire (no undefined, no
 * functions, toJSON applied, non-finite numbers as null). ROOM-MEM-3: built without a text round
 * trip, so strings are shared rather than copied (they cannot change): a user's uuid is one string
 * however many of the room's lists hold them.
 */
export function jsonCopy<T>(value: T): T {
  return value === undefined ? value : (copyJson(value, '') as T);
}

function copyJson(input: unknown, key: string): unknown {
  let v = input;
  if (
    v !== null &&
    typeof v === 'object' &&
    typeof (v as { toJSON?: unknown }).toJSON === 'function'
  ) {
    v = (v as { toJSON(key: string): unknown }).toJSON(key);
  }
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      return Number.isFinite(v) ? v + 0 : null;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object': {
      if (v === null) return null;
      if (Array.isArray(v)) {
        return v.map((item, i) => copyJson(item, String(i)) ?? null);
      }
      if (v instanceof Number || v instanceof String || v instanceof Boolean) {
        return copyJson(v.valueOf(), key);
      }
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) {
        const item = copyJson((v as Record<string, unknown>)[k], k);
        if (item !== undefined) out[k] = item;
      }
      return out;
    }
    default:
      return undefined;
  }
}

/**
 * Records the JSON Patch of a mutation while applying it to the canonical state, operation by
 * operation. Every state change of a live room goes through one of these, so the patch a client
 * receives is exactly what was done to the state the server holds (never a diff of two states),
 * and it is validated as it is applied: a patch that would not apply on clients fails here first.
 */
export class PatchWriter {
  private readonly recorded: Operation[] = [];

  constructor(private readonly doc: object) {}

  add(path: string, value: unknown): this {
    return this.apply({ op: 'add', path, value });
  }

  replace(path: string, value: unknown): this {
    return this.apply({ op: 'replace', path, value });
  }

  remove(path: string): this {
    return this.apply({ op: 'remove', path });
  }

  move(from: string, path: string): this {
    return this.apply({ op: 'move', from, path });
  }

  /** Sets an optional member: add when defined, remove when undefined (JSON has no undefined). */
  setOptional(path: string, present: boolean, value: unknown): this {
    if (value === undefined) return present ? this.remove(path) : this;
    return this.add(path, value);
  }

  get length(): number {
    return this.recorded.length;
  }

  /** The operations recorded so far, and a fresh start. */
  take(): Operation[] {
    return this.recorded.splice(0, this.recorded.length);
  }

  private apply(op: Operation): this {
    if ('value' in op) {
      const forState = jsonCopy(op.value);
      jsonpatch.applyOperation(this.doc, { ...op, value: forState } as never, true, true);
      this.recorded.push({ ...op, value: jsonCopy(op.value) } as Operation);
    } else {
      jsonpatch.applyOperation(this.doc, op as never, true, true);
      this.recorded.push({ ...op });
    }
    return this;
  }
}
