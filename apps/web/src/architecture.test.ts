import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layers, top to bottom: app → pages → features → entities → ui → lib (i18n and
 * styles are assets below them all). A file imports its own layer or a lower one, never a higher
 * one. Features (and entities) may use one another downward, but never in a circle: a widget that
 * several features need belongs in entities/, a page that composes several features above them.
 */
const src = path.dirname(fileURLToPath(import.meta.url));
const RANK: Record<string, number> = {
  'main.tsx': 6,
  app: 5,
  pages: 4,
  features: 3,
  entities: 2,
  ui: 1,
  lib: 0,
  i18n: -1,
  styles: -1,
};

interface Edge {
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}

/** Every relative import (static, dynamic, re-export, side-effect) between files of src/. */
function importEdges(): Edge[] {
  return sourceFiles(src).flatMap((file) => {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    return info.importedFiles
      .filter((f) => f.fileName.startsWith('.'))
      .flatMap((f) => {
        const to = resolve(file, f.fileName);
        return to ? [{ from: path.relative(src, file), to: path.relative(src, to) }] : [];
      });
  });
}

const layerOf = (file: string) => file.split(path.sep)[0]!;
/** `features/rooms/room/x.tsx` → `features/rooms`; null outside features/ and entities/. */
const sliceOf = (file: string) => {
  const [layer, slice] = file.split(path.sep);
  return (layer === 'features' || layer === 'entities') && slice ? `${layer}/${slice}` : null;
};

/** A circle in a directed graph, as the list of its nodes (first repeated at the end), or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string): string[] | null => {
    state.set(n, 'open');
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      if (state.get(m) === 'open') return [...stack.slice(stack.indexOf(m)), m];
      if (!state.has(m)) {
        const found = visit(m);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(n, 'done');
    return null;
  };
  for (const n of graph.keys()) {
    if (!state.has(n)) {
      const found = visit(n);
      if (found) return found;
    }
  }
  return null;
}

describe('web app layers', () => {
  const edges = importEdges();

  it('reads the imports (the check is not vacuous)', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((e) => sliceOf(e.from) === 'features/rooms')).toBe(true);
  });

  it('never imports upward (no feature from an entity, no entity from ui/ or lib/)', () => {
    const upward = edges
      .filter((e) => (RANK[layerOf(e.to)] ?? 0) > (RANK[layerOf(e.from)] ?? 0))
      .map((e) => `${e.from} → ${e.to}`);
    expect(upward).toEqual([]);
  });

  for (const layer of ['features', 'entities']) {
    it(`has no circle between ${layer}`, () => {
      const graph = new Map<string, Set<string>>();
      const why = new Map<string, string>();
      for (const e of edges) {
        const a = sliceOf(e.from);
        const b = sliceOf(e.to);
        if (!a || !b || a === b || layerOf(e.from) !== layer || layerOf(e.to) !== layer) continue;
        if (!graph.has(a)) graph.set(a, new Set());
        graph.get(a)!.add(b);
        why.set(`${a}>${b}`, `${e.from} → ${e.to}`);
      }
      const cycle = findCycle(graph);
      const explained = cycle?.slice(1).map((b, i) => why.get(`${cycle[i]}>${b}`));
      expect(explained ?? []).toEqual([]);
    });
  }

  it('finds a circle when there is one', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(g)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', new Set(['b'])]]))).toBeNull();
  });
});
describe('API calls', () => {
  it('are made in queries (and other .ts modules), never in a component file', () => {
    const offenders = sourceFiles(src)
      .filter(
        (f) => f.endsWith('.tsx') && /\bapi\s*\.\s*call\s*\(/.test(fs.readFileSync(f, 'utf8')),
      )
      .map((f) => path.relative(src, f));
    expect(offenders).toEqual([]);
  });
});
