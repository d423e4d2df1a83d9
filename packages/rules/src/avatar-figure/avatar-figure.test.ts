import { describe, expect, it } from 'vitest';
import { AVATAR_PARTS, type AvatarArt } from '@tt/protocol';
import { BUILTIN_AVATARS } from '../avatars';
import {
  avatarFigureSize,
  avatarShapes,
  shade,
  shapeShows,
  transformText,
  type AvatarShape,
  type GroupShape,
} from './index';

const BASE: AvatarArt = {
  body: 'classic',
  head: 'round',
  hair: 'short',
  outfit: 'tee',
  accessory: 'none',
  skin: '#f1c27d',
  hairColor: '#3b2a1f',
  outfitColor: '#562df9',
  accent: '#ffd23f',
};

/** Every shape of a tree, depth first, front to back as drawn. */
function flat(shape: AvatarShape): AvatarShape[] {
  return shape.kind === 'group' ? [shape, ...shape.children.flatMap(flat)] : [shape];
}
const byClass = (root: GroupShape, className: string) =>
  flat(root).find((s) => s.className === className);

const NUMBERS = /-?\d+(\.\d+)?(e-?\d+)?/g;
const HEX = /^#[0-9a-f]{6}$/;

function expectDrawable(shape: AvatarShape) {
  for (const [key, value] of Object.entries(shape)) {
    if (typeof value === 'number')
      expect(Number.isFinite(value), `${shape.kind}.${key}`).toBe(true);
  }
  if (shape.kind === 'path') {
    expect(shape.d).not.toMatch(/NaN|undefined|Infinity/);
    for (const n of shape.d.match(NUMBERS) ?? []) expect(Number.isFinite(Number(n))).toBe(true);
  }
  if (shape.kind === 'group') expect(shape.children.length).toBeGreaterThan(0);
  for (const colour of [shape.fill, shape.stroke]) {
    if (colour !== undefined && colour !== 'none') expect(colour).toMatch(/^#[0-9a-f]{3,6}$/i);
  }
}

describe('AVATAR-ART-1: avatarShapes, one drawing for the web and the phone', () => {
  const options = (Object.keys(AVATAR_PARTS) as (keyof typeof AVATAR_PARTS)[]).flatMap((layer) =>
    AVATAR_PARTS[layer].map((value) => ({ layer, value })),
  );

  it.each(options)('$layer $value yields drawable shapes in both modes', ({ layer, value }) => {
    const art = { ...BASE, [layer]: value } as AvatarArt;
    for (const mode of ['full', 'head'] as const) {
      const drawing = avatarShapes(art, mode);
      const shapes = flat(drawing.root);
      expect(shapes.length).toBeGreaterThan(8);
      shapes.forEach(expectDrawable);
    }
  });

  it('draws every built-in character with finite numbers and real colours', () => {
    for (const { art } of BUILTIN_AVATARS) {
      for (const s of flat(avatarShapes(art, 'full').root)) expectDrawable(s);
    }
    expect(shade('#562df9', -0.3)).toMatch(HEX);
  });

  it('the full figure has a body and a head; the head mode only the head', () => {
    const full = avatarShapes(BASE, 'full');
    expect(full.viewBox).toBe('0 -8 120 168');
    expect(full.root.className).toBe('av-all');
    expect(full.root.children.map((c) => c.className)).toEqual(['av-body', 'av-head']);
    const head = avatarShapes(BASE, 'head');
    expect(head.viewBox).toBe('20 -6 80 84');
    expect(head.box).toEqual({ x: 20, y: -6, width: 80, height: 84 });
    expect(head.root.children.map((c) => c.className)).toEqual(['av-head']);
    for (const hook of ['av-legs', 'av-arm av-arm-left', 'av-arm av-arm-right', 'av-torso']) {
      expect(byClass(full.root, hook), hook).toBeDefined();
      expect(byClass(head.root, hook), hook).toBeUndefined();
    }
  });

  it('computes the exact shapes of a classic body and a round head', () => {
    const { root } = avatarShapes(BASE, 'full');
    const legs = byClass(root, 'av-legs') as GroupShape;
    expect(legs.children[0]).toEqual({
      kind: 'rect',
      x: 42,
      y: 122,
      width: 10,
      height: 32,
      rx: 4,
      fill: shade('#562df9', -0.45),
    });
    expect(legs.children[3]).toEqual({
      kind: 'ellipse',
      cx: 73,
      cy: 154,
      rx: 9,
      ry: 4,
      fill: '#806920',
    });
    const left = byClass(root, 'av-arm av-arm-left') as GroupShape;
    expect(left.children).toEqual([
      { kind: 'rect', x: 29, y: 84, width: 10, height: 40, rx: 5, fill: '#562df9' },
      { kind: 'circle', cx: 34, cy: 124, r: 6, fill: '#f1c27d' },
    ]);
    const headGroup = byClass(root, 'av-head') as GroupShape;
    expect(headGroup.children[0]).toEqual({
      kind: 'circle',
      cx: 60,
      cy: 46,
      r: 27,
      fill: '#f1c27d',
    });
  });

  it('places chest accessories on the body, with the star moved and scaled', () => {
    const art: AvatarArt = { ...BASE, body: 'round', accessory: 'star' };
    const full = avatarShapes(art, 'full');
    const body = full.root.children[0] as GroupShape;
    const star = body.children.at(-1);
    expect(star?.kind).toBe('path');
    if (star?.kind !== 'path' || !star.transform) throw new Error('no star');
    expect(transformText(star.transform)).toBe('translate(70 98) scale(0.5)');
    // No star on a head alone.
    const head = avatarShapes(art, 'head');
    expect(flat(head.root).some((s) => s.kind === 'path' && s.transform)).toBe(false);
  });

  it('closed eyes show only while dancing, open eyes only while not', () => {
    const { root } = avatarShapes(BASE, 'head');
    const open = byClass(root, 'av-eyes');
    const closed = byClass(root, 'av-eyes-closed');
    if (!open || !closed) throw new Error('no eyes');
    expect([shapeShows(open, false), shapeShows(open, true)]).toEqual([true, false]);
    expect([shapeShows(closed, false), shapeShows(closed, true)]).toEqual([false, true]);
    expect(shapeShows(root, true)).toBe(true);
  });

  it('sizes the figure by its height and its box', () => {
    expect(avatarFigureSize('full', 168)).toEqual({ width: 120, height: 168 });
    expect(avatarFigureSize('head', 84)).toEqual({ width: 80, height: 84 });
  });

  it('shades colours darker and lighter', () => {
    expect(shade('#808080', -0.5)).toBe('#404040');
    expect(shade('#000000', 0.5)).toBe('#808080');
    expect(shade('#ffffff', -1)).toBe('#000000');
  });
});
