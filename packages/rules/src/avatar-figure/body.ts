import type { AvatarArt } from '@tt/protocol';
import { circle, ellipse, group, line, path, rect } from './build';
import { shade, type AvatarShape, type GroupShape } from './shapes';

/** Where a body's torso sits, so that outfits and accessories fit any body. */
export interface TorsoBox {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

const TORSO: Record<AvatarArt['body'], TorsoBox> = {
  classic: { x0: 38, x1: 82, y0: 80, y1: 128 },
  round: { x0: 32, x1: 88, y0: 82, y1: 132 },
  tall: { x0: 41, x1: 79, y0: 80, y1: 136 },
  bear: { x0: 33, x1: 87, y0: 80, y1: 134 },
  robot: { x0: 36, x1: 84, y0: 80, y1: 130 },
};

export const torsoOf = (body: AvatarArt['body']): TorsoBox => TORSO[body];

/** Legs and shoes (behind the torso). */
export function legs(art: AvatarArt): GroupShape {
  const t = TORSO[art.body];
  const pants = art.outfit === 'dress' ? art.skin : shade(art.outfitColor, -0.45);
  const legTop = t.y1 - 6;
  const bottom = art.body === 'round' || art.body === 'bear' ? 150 : 154;
  const shoe = shade(art.accent, -0.5);
  const legW = art.body === 'bear' ? 14 : 10;
  return group(
    [
      rect(52 - legW, legTop, legW, bottom - legTop, 4, { fill: pants }),
      rect(68, legTop, legW, bottom - legTop, 4, { fill: pants }),
      ellipse(52 - legW / 2, bottom, legW / 2 + 4, 4, { fill: shoe }),
      ellipse(68 + legW / 2, bottom, legW / 2 + 4, 4, { fill: shoe }),
    ],
    { className: 'av-legs' },
  );
}

/** One arm, hanging from the shoulder; `side` −1 left, 1 right. Dances by rotating. */
export function arm(art: AvatarArt, side: -1 | 1): GroupShape {
  const t = TORSO[art.body];
  const x = side < 0 ? t.x0 - 9 : t.x1 - 1;
  const sleeve = art.body === 'robot' ? shade(art.skin, -0.2) : art.outfitColor;
  const hand = art.body === 'bear' ? shade(art.skin, -0.15) : art.skin;
  const len = t.y1 - t.y0 - 8;
  return group(
    [
      rect(x, t.y0 + 4, 10, len, 5, { fill: sleeve }),
      circle(x + 5, t.y0 + 4 + len, 6, { fill: hand }),
    ],
    { className: side < 0 ? 'av-arm av-arm-left' : 'av-arm av-arm-right' },
  );
}

/** The torso in the outfit's colour, with the outfit's details on top. */
export function torso(art: AvatarArt): GroupShape {
  const t = TORSO[art.body];
  const w = t.x1 - t.x0;
  const h = t.y1 - t.y0;
  const fill = art.body === 'robot' ? shade(art.skin, -0.1) : art.outfitColor;
  const shape =
    art.body === 'round' || art.body === 'bear'
      ? ellipse(60, (t.y0 + t.y1) / 2 + 2, w / 2, h / 2 + 2, { fill })
      : rect(t.x0, t.y0, w, h, art.body === 'robot' ? 6 : 14, { fill });
  return group(
    [
      art.outfit === 'dress'
        ? path(
            `M${t.x0 + 4} ${t.y0 + h * 0.45} L${t.x0 - 10} ${t.y1 + 12} L${t.x1 + 10} ${t.y1 + 12} L${t.x1 - 4} ${t.y0 + h * 0.45} Z`,
            { fill: art.outfitColor },
          )
        : null,
      shape,
      art.body === 'bear'
        ? ellipse(60, t.y0 + h * 0.62, w * 0.28, h * 0.3, { fill: shade(art.skin, 0.35) })
        : null,
      art.body === 'robot' ? robotPanel(t, art.accent) : outfit(art, t),
    ],
    { className: 'av-torso' },
  );
}

function robotPanel(t: TorsoBox, accent: string): GroupShape {
  return group([
    rect(50, t.y0 + 14, 20, 16, 3, { fill: '#1f2937' }),
    circle(55, t.y0 + 22, 3, { fill: accent, className: 'av-blink' }),
    circle(65, t.y0 + 22, 3, { fill: shade(accent, -0.3) }),
    rect(48, t.y0 + 36, 24, 4, 2, { fill: '#1f2937' }),
  ]);
}

/** Collars, zips, lapels, stripes: drawn on the torso's box. */
function outfit(art: AvatarArt, t: TorsoBox): AvatarShape | null {
  const mid = 60;
  const dark = shade(art.outfitColor, -0.3);
  const neck = path(`M${mid - 9} ${t.y0} Q${mid} ${t.y0 + 10} ${mid + 9} ${t.y0}`, {
    fill: art.skin,
  });
  switch (art.outfit) {
    case 'tee':
    case 'dress':
      return neck;
    case 'hoodie':
      return group([
        path(`M${mid - 16} ${t.y0 + 2} Q${mid} ${t.y0 + 18} ${mid + 16} ${t.y0 + 2}`, {
          stroke: dark,
          strokeWidth: 4,
          fill: 'none',
        }),
        line(mid - 4, t.y0 + 10, mid - 4, t.y0 + 22, { stroke: art.accent, strokeWidth: 2 }),
        line(mid + 4, t.y0 + 10, mid + 4, t.y0 + 22, { stroke: art.accent, strokeWidth: 2 }),
        rect(mid - 12, t.y1 - 18, 24, 10, 4, { fill: dark }),
      ]);
    case 'jacket':
    case 'suit':
      return group([
        path(`M${mid - 8} ${t.y0} L${mid} ${t.y0 + 26} L${mid + 8} ${t.y0} Z`, {
          fill: art.outfit === 'suit' ? '#ffffff' : art.accent,
        }),
        path(`M${mid - 8} ${t.y0} L${mid - 14} ${t.y0 + 16} L${mid} ${t.y0 + 30}`, {
          stroke: dark,
          strokeWidth: 3,
          fill: 'none',
        }),
        path(`M${mid + 8} ${t.y0} L${mid + 14} ${t.y0 + 16} L${mid} ${t.y0 + 30}`, {
          stroke: dark,
          strokeWidth: 3,
          fill: 'none',
        }),
        art.outfit === 'suit'
          ? path(
              `M${mid - 3} ${t.y0 + 4} L${mid + 3} ${t.y0 + 4} L${mid + 2} ${t.y0 + 22} L${mid} ${t.y0 + 26} L${mid - 2} ${t.y0 + 22} Z`,
              { fill: art.accent },
            )
          : null,
      ]);
    case 'overalls':
      return group([
        rect(t.x0, t.y0, t.x1 - t.x0, 16, 8, { fill: art.accent }),
        rect(mid - 12, t.y0 + 12, 24, 16, 3, { fill: dark }),
        line(t.x0 + 6, t.y0, mid - 10, t.y0 + 14, { stroke: dark, strokeWidth: 4 }),
        line(t.x1 - 6, t.y0, mid + 10, t.y0 + 14, { stroke: dark, strokeWidth: 4 }),
      ]);
    case 'stripes':
      return group(
        [10, 22, 34].map((dy) =>
          rect(t.x0 + 2, t.y0 + dy, t.x1 - t.x0 - 4, 5, undefined, { fill: art.accent }),
        ),
      );
    case 'sequins':
      return group(
        [0, 1, 2, 3, 4, 5, 6, 7].map((i) =>
          circle(
            t.x0 + 8 + ((i * 13) % (t.x1 - t.x0 - 12)),
            t.y0 + 10 + ((i * 17) % (t.y1 - t.y0 - 16)),
            2.2,
            { fill: art.accent },
          ),
        ),
        { className: 'av-sparkle' },
      );
    default:
      return null;
  }
}
