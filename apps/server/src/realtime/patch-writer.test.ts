import jsonpatch from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { jsonCopy, PatchWriter, pointer } from './patch-writer';

describe('PatchWriter', () => {
  it('records each operation as it applies it, and the record replays on a copy of the start', () => {
    const state: any = { list: [{ a: 1 }, { a: 2 }], map: {}, opt: { x: 1 } };
    const start = structuredClone(state);
    const w = new PatchWriter(state);
    w.add('/list/-', { a: 3 })
      .move('/list/0', '/list/-')
      .add(pointer('map', 'a/b~c'), { v: undefined, w: 1 })
      .setOptional('/opt/y', false, 'new')
      .setOptional('/opt/x', true, undefined)
      .replace('/list/0/a', 20);
    const ops = w.take();
    expect(w.length).toBe(0);
    expect(state).toEqual({
      list: [{ a: 20 }, { a: 3 }, { a: 1 }],
      map: { 'a/b~c': { w: 1 } },
      opt: { y: 'new' },
    });
    jsonpatch.applyPatch(start, ops as never, true);
    expect(start).toEqual(state);
    expect(ops[2]).toEqual({ op: 'add', path: '/map/a~1b~0c', value: { w: 1 } });
  });

  it('refuses an operation that would not apply on clients, and records nothing of it', () => {
    const w = new PatchWriter({ list: [] });
    expect(() => w.replace('/missing', 1)).toThrow();
    expect(() => w.remove('/list/0')).toThrow();
    expect(w.length).toBe(0);
  });

  it('keeps the recorded values apart from the state', () => {
    const state: any = { obj: null };
    const w = new PatchWriter(state);
    const value = { n: 1 };
    w.replace('/obj', value);
    value.n = 2;
    state.obj.n = 3;
    expect(w.take()).toEqual([{ op: 'replace', path: '/obj', value: { n: 1 } }]);
  });

  it('ROOM-MEM-3: jsonCopy gives what a JSON round trip gives, without the text', () => {
    const when = new Date(Date.UTC(2026, 10, 28));
    const cases: unknown[] = [
      { a: 1, b: undefined, c: () => 1, d: [1, undefined, () => 2, NaN, Infinity, -0], e: null },
      { when, nested: { toJSON: (key: string) => ({ key }) }, s: 'ünï', t: true },
      [new Map([[1, 2]]), new Set([1]), Object(5), Object('x'), Object(false)],
      { deep: { list: [{ x: [[{}]] }] }, 'a/b~c': 'key with pointer characters' },
      'text',
      7,
      -0,
      null,
    ];
    for (const value of cases) {
      expect(jsonCopy(value)).toStrictEqual(JSON.parse(JSON.stringify(value)));
    }
    const source = { list: [{ a: 1 }] };
    const copy = jsonCopy(source);
    copy.list[0].a = 2;
    expect(source.list[0].a).toBe(1);
    expect(jsonCopy(undefined)).toBeUndefined();
    expect(() => jsonCopy({ n: 1n })).toThrow(TypeError);
  });
});
