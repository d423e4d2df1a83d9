/**
 * The plain shapes an avatar character is drawn from (AVATAR-ART-1): data that the web renders as
 * SVG elements and the phone as react-native-svg components, so both draw the same character.
 * Coordinates are in the figure's own units (the full figure's box is 120 × 168).
 */

/** Paint and hooks every shape may carry; a group's paint is inherited by its children. */
export interface ShapePaint {
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  strokeLinecap?: 'round';
  opacity?: number;
  /** The web's animation hook (av-blink, av-arm-left, av-eyes…), styled by its CSS. */
  className?: string;
  /**
   * Drawn only while the character dances, or only while it does not (closed eyes, open eyes).
   * The web leaves this to its CSS (by className); renderers without CSS filter on it.
   */
  only?: 'dancing' | 'still';
}

export interface CircleShape extends ShapePaint {
  kind: 'circle';
  cx: number;
  cy: number;
  r: number;
}
export interface EllipseShape extends ShapePaint {
  kind: 'ellipse';
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}
export interface RectShape extends ShapePaint {
  kind: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
  rx?: number;
}
export interface PathShape extends ShapePaint {
  kind: 'path';
  d: string;
  /** Moved, then scaled about its own origin (SVG `translate(x y) scale(s)`). */
  transform?: { translate: [number, number]; scale: number };
}
export interface LineShape extends ShapePaint {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
export interface GroupShape extends ShapePaint {
  kind: 'group';
  children: AvatarShape[];
}

export type AvatarShape =
  CircleShape | EllipseShape | RectShape | PathShape | LineShape | GroupShape;

/** A shape's transform as SVG writes it. */
export function transformText(t: NonNullable<PathShape['transform']>): string {
  return `translate(${t.translate[0]} ${t.translate[1]}) scale(${t.scale})`;
}

/** Whether a shape shows, for renderers without the web's CSS (see ShapePaint.only). */
export function shapeShows(shape: AvatarShape, dancing: boolean): boolean {
  if (shape.only === 'dancing') return dancing;
  if (shape.only === 'still') return !dancing;
  return true;
}

/** Darker or lighter shade of a #rrggbb colour (amount −1…1). */
export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const f = (c: number) =>
    Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount)
      .toString(16)
      .padStart(2, '0');
  return `#${f(n >> 16)}${f((n >> 8) & 255)}${f(n & 255)}`;
}
