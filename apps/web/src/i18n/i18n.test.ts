import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@tt/protocol';
import en from './en.json';
import es from './es.json';

type Tree = { [k: string]: string | Tree };

/** Flattens nested keys; plural forms (`x_one`, `x_other`) count as `x`. */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`]
      : keys(v, `${prefix}${k}.`),
  );
}

const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(d.name) && !d.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('translations', () => {
  const enKeys = new Set(keys(en as Tree));
  const { serverErrors, ...esRest } = es as Tree;
  const esKeys = new Set(keys(esRest as Tree));

  it('English and Spanish have the same keys', () => {
    expect([...esKeys].sort()).toEqual([...enKeys].sort());
  });

  it('every literal key the code uses exists', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([\w.]+)'/g)) used.add(m[1]);
      for (const m of text.matchAll(/i18nKey="([\w.]+)"/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it('translated server errors name real error codes', () => {
    const codes = Object.keys(serverErrors as Tree);
    expect(codes.filter((c) => !(c in ERRORS))).toEqual([]);
  });
});
