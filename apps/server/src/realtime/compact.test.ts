import { describe, expect, it } from 'vitest';
import { OneOrMoreMap, OneOrMoreSet } from './compact';

describe('ROOM-MEM-2: one-or-more collections behave as a Map and a Set', () => {
  it('a map keeps one entry in place, grows into a Map for a second, and shrinks', () => {
    const m = new OneOrMoreMap<string, number>();
    expect(m.size).toBe(0);
    expect(m.get('a')).toBeUndefined();
    expect(m.delete('a')).toBe(false);
    m.set('a', 1).set('a', 2);
    expect([m.size, m.get('a'), m.has('a'), m.has('b')]).toEqual([1, 2, true, false]);
    m.set('b', 3);
    expect([...m.entries()]).toEqual([
      ['a', 2],
      ['b', 3],
    ]);
    expect([...m.keys()]).toEqual(['a', 'b']);
    expect(m.delete('a')).toBe(true);
    expect([m.size, m.get('b'), [...m.values()]]).toEqual([1, 3, [3]]);
    for (const k of m.keys()) m.delete(k); // deleting while iterating
    expect(m.size).toBe(0);
    m.set('c', 4);
    m.clear();
    expect([m.size, [...m.entries()]]).toEqual([0, []]);
    m.set('d', 5);
    expect([...m.values()]).toEqual([5]);
  });

  it('a set of connection ids', () => {
    const s = new OneOrMoreSet('x');
    expect([s.size, s.has('x')]).toEqual([1, true]);
    s.add('y').add('x');
    expect([...s.values()].sort()).toEqual(['x', 'y']);
    expect(s.delete('x')).toBe(true);
    expect(s.delete('x')).toBe(false);
    expect([s.size, s.has('y'), [...s]]).toEqual([1, true, ['y']]);
    s.add('z');
    for (const v of s) s.delete(v); // iterating a copy: deleting meanwhile is safe
    expect(s.size).toBe(0);
    s.add('w');
    expect([...s]).toEqual(['w']);
    s.clear();
    expect([s.size, s.has('w')]).toEqual([0, false]);
    const single = new OneOrMoreSet<string>();
    expect([single.size, single.delete('a'), [...single]]).toEqual([0, false, []]);
    single.add('a');
    expect([single.has('a'), single.has('b'), single.delete('b'), single.size]).toEqual([
      true,
      false,
      false,
      1,
    ]);
  });
});
