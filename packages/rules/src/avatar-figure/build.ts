import type {
  AvatarShape,
  CircleShape,
  EllipseShape,
  GroupShape,
  LineShape,
  PathShape,
  RectShape,
  ShapePaint,
} from './shapes';

/** Short builders for the shape data (internal to the figure's geometry). */
type Paint = ShapePaint;
export const circle = (cx: number, cy: number, r: number, p: Paint = {}): CircleShape => ({
  kind: 'circle',
  cx,
  cy,
  r,
  ...p,
});
export const ellipse = (
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  p: Paint = {},
): EllipseShape => ({ kind: 'ellipse', cx, cy, rx, ry, ...p });
export const rect = (
  x: number,
  y: number,
  width: number,
  height: number,
  rx: number | undefined,
  p: Paint = {},
): RectShape => ({ kind: 'rect', x, y, width, height, ...(rx === undefined ? {} : { rx }), ...p });
export const path = (d: string, p: Paint & Pick<PathShape, 'transform'> = {}): PathShape => ({
  kind: 'path',
  d,
  ...p,
});
export const line = (x1: number, y1: number, x2: number, y2: number, p: Paint = {}): LineShape => ({
  kind: 'line',
  x1,
  y1,
  x2,
  y2,
  ...p,
});
/** A group of the shapes given (nulls left out). */
export const group = (children: (AvatarShape | null)[], p: Paint = {}): GroupShape => ({
  kind: 'group',
  children: children.filter((c): c is AvatarShape => c !== null),
  ...p,
});
