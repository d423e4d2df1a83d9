import jsonpatch from 'fast-json-patch';
import type { Operation } from '@tt/protocol';

/** A JSON pointer from path segments (RFC 6901 escaping). */
export function pointer(...parts: (string | number)[]): string {
  return parts.map((p) => '/' + String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** A JSON copy: what a client ends up with after the value crossed the wire (no undefined). */
export function jsonCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
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
      const text = JSON.stringify(op.value);
      const forState = JSON.parse(text);
      jsonpatch.applyOperation(this.doc, { ...op, value: forState } as never, true, true);
      this.recorded.push({ ...op, value: JSON.parse(text) } as Operation);
    } else {
      jsonpatch.applyOperation(this.doc, op as never, true, true);
      this.recorded.push({ ...op });
    }
    return this;
  }
}
