import type { AvatarArt } from '@tt/protocol';
import { circle, ellipse, group, line, path, rect } from './build';
import { shade, type AvatarShape, type GroupShape } from './shapes';

/** Hair that falls behind the head (drawn first). */
export function hairBack(art: AvatarArt): AvatarShape | null {
  const c = art.hairColor;
  switch (art.hair) {
    case 'afro':
      return circle(60, 40, 38, { fill: c });
    case 'long':
      return path('M30 38 Q30 12 60 12 Q90 12 90 38 L94 96 Q60 104 26 96 Z', { fill: c });
    case 'bob':
      return rect(29, 16, 62, 58, 22, { fill: c });
    default:
      return null;
  }
}

/** The head in skin colour, with ears, snout or antennae of its kind. */
export function head(art: AvatarArt): AvatarShape {
  const s = art.skin;
  const dark = shade(s, -0.25);
  switch (art.head) {
    case 'oval':
      return ellipse(60, 46, 24, 29, { fill: s });
    case 'square':
      return rect(34, 19, 52, 54, 13, { fill: s });
    case 'cat':
      return group([
        path('M36 34 L38 10 L54 24 Z M84 34 L82 10 L66 24 Z', { fill: s }),
        path('M40 28 L41 16 L50 24 Z M80 28 L79 16 L70 24 Z', { fill: shade(art.accent, 0.3) }),
        circle(60, 47, 26, { fill: s }),
        path('M44 58 L32 56 M44 61 L32 63 M76 58 L88 56 M76 61 L88 63', {
          stroke: dark,
          strokeWidth: 1.5,
        }),
      ]);
    case 'bear':
      return group([
        circle(39, 25, 9, { fill: s }),
        circle(81, 25, 9, { fill: s }),
        circle(39, 25, 4.5, { fill: dark }),
        circle(81, 25, 4.5, { fill: dark }),
        circle(60, 47, 26, { fill: s }),
        ellipse(60, 59, 10, 7, { fill: shade(s, 0.35) }),
      ]);
    case 'robot':
      return group([
        line(60, 20, 60, 8, { stroke: dark, strokeWidth: 3 }),
        circle(60, 7, 4, { fill: art.accent, className: 'av-blink' }),
        rect(34, 20, 52, 50, 7, { fill: s }),
        rect(29, 38, 6, 14, 2, { fill: dark }),
        rect(85, 38, 6, 14, 2, { fill: dark }),
      ]);
    case 'alien':
      return group([
        path('M46 24 L38 6 M74 24 L82 6', { stroke: dark, strokeWidth: 2.5 }),
        circle(38, 6, 3.5, { fill: art.accent }),
        circle(82, 6, 3.5, { fill: art.accent }),
        ellipse(60, 44, 31, 27, { fill: s }),
      ]);
    case 'fox':
      return group([
        path('M36 36 L34 8 L54 26 Z M84 36 L86 8 L66 26 Z', { fill: s }),
        circle(60, 47, 25, { fill: s }),
        path('M42 56 Q60 78 78 56 Q60 62 42 56 Z', { fill: art.hairColor }),
      ]);
    default:
      return circle(60, 46, 27, { fill: s });
  }
}

/** Eyes, cheeks and a smile (robots get a visor). Eyes close while dancing. */
export function face(art: AvatarArt): GroupShape {
  if (art.head === 'robot') {
    return group([
      rect(41, 38, 38, 14, 7, { fill: '#111827' }),
      rect(46, 42, 10, 6, 3, { fill: art.accent, className: 'av-visor' }),
      rect(64, 42, 10, 6, 3, { fill: art.accent, className: 'av-visor' }),
      rect(50, 58, 20, 4, 2, { fill: shade(art.skin, -0.4) }),
    ]);
  }
  const eye = art.head === 'alien' ? '#0b0b0b' : '#1f1a17';
  const big = art.head === 'alien';
  return group([
    group(
      [
        ellipse(50, 46, big ? 6 : 3.4, big ? 8 : 4.2, { fill: eye }),
        ellipse(70, 46, big ? 6 : 3.4, big ? 8 : 4.2, { fill: eye }),
        circle(51.2, 44.5, 1.2, { fill: '#fff' }),
        circle(71.2, 44.5, 1.2, { fill: '#fff' }),
      ],
      { className: 'av-eyes', only: 'still' },
    ),
    path('M46 47 Q50 50 54 47 M66 47 Q70 50 74 47', {
      className: 'av-eyes-closed',
      only: 'dancing',
      stroke: eye,
      strokeWidth: 2,
      fill: 'none',
    }),
    circle(44, 55, 4, { fill: '#ff7a8a', opacity: 0.35 }),
    circle(76, 55, 4, { fill: '#ff7a8a', opacity: 0.35 }),
    path('M53 58 Q60 65 67 58', {
      stroke: shade(art.skin, -0.55),
      strokeWidth: 2.2,
      fill: 'none',
      strokeLinecap: 'round',
    }),
  ]);
}

const FRINGE = 'M33 40 Q34 14 60 14 Q86 14 87 40 Q76 27 60 29 Q44 27 33 40 Z';

/** Hair in front: fringes, tufts and hats. */
export function hairFront(art: AvatarArt): AvatarShape | null {
  const c = art.hairColor;
  switch (art.hair) {
    case 'short':
    case 'long':
      return path(FRINGE, { fill: c });
    case 'bob':
      return path('M32 42 Q32 14 60 14 Q88 14 88 42 L82 32 Q60 24 38 32 Z', { fill: c });
    case 'mohawk':
      return path('M54 30 Q52 8 60 0 Q68 8 66 30 Z', { fill: c });
    case 'bun':
      return group([circle(60, 12, 10, { fill: c }), path(FRINGE, { fill: c })]);
    case 'spikes':
      return path(
        'M32 40 L34 18 L42 26 L46 8 L54 22 L60 4 L66 22 L74 8 L78 26 L86 18 L88 40 Q60 26 32 40 Z',
        { fill: c },
      );
    case 'curls':
      return group(
        [
          [36, 32],
          [42, 22],
          [51, 16],
          [60, 14],
          [69, 16],
          [78, 22],
          [84, 32],
        ].map(([x, y]) => circle(x, y, 8)),
        { fill: c },
      );
    case 'cap':
      return group([
        path('M33 36 Q33 12 60 12 Q87 12 87 36 Z', { fill: c }),
        path('M60 30 L98 34 Q96 40 60 38 Z', { fill: shade(c, -0.25) }),
        circle(60, 13, 2.5, { fill: shade(c, 0.3) }),
      ]);
    case 'beanie':
      return group([
        circle(60, 6, 6, { fill: art.accent }),
        path('M33 34 Q33 8 60 8 Q87 8 87 34 Z', { fill: c }),
        rect(31, 28, 58, 10, 5, { fill: shade(c, -0.2) }),
      ]);
    default:
      return null;
  }
}

/** The accessory of the character (head, face or chest). */
export function accessory(
  accessoryKind: AvatarArt['accessory'],
  a: string,
  chestY: number,
): AvatarShape | null {
  switch (accessoryKind) {
    case 'headphones':
      return group([
        path('M31 48 Q30 10 60 10 Q90 10 89 48', {
          stroke: shade(a, -0.4),
          strokeWidth: 5,
          fill: 'none',
        }),
        rect(25, 40, 11, 20, 5, { fill: a }),
        rect(84, 40, 11, 20, 5, { fill: a }),
      ]);
    case 'shades':
      return group([
        rect(41, 40, 17, 11, 4, { fill: '#111' }),
        rect(62, 40, 17, 11, 4, { fill: '#111' }),
        line(58, 44, 62, 44, { stroke: '#111', strokeWidth: 2 }),
        line(44, 42, 50, 42, { stroke: a, strokeWidth: 1.5, opacity: 0.8 }),
      ]);
    case 'glasses':
      return group([circle(50, 46, 7), circle(70, 46, 7), line(57, 46, 63, 46)], {
        stroke: shade(a, -0.3),
        strokeWidth: 2.2,
        fill: 'none',
      });
    case 'crown':
      return path('M42 16 L44 0 L52 9 L60 -2 L68 9 L76 0 L78 16 Z', {
        fill: a,
        stroke: shade(a, -0.35),
        strokeWidth: 1,
      });
    case 'chain':
      return group([
        path(`M46 ${chestY} Q60 ${chestY + 16} 74 ${chestY}`, {
          stroke: a,
          strokeWidth: 2.5,
          fill: 'none',
        }),
        circle(60, chestY + 9, 4, { fill: a }),
      ]);
    case 'horns':
      return path('M40 26 Q34 12 40 4 Q42 16 48 22 Z M80 26 Q86 12 80 4 Q78 16 72 22 Z', {
        fill: a,
      });
    case 'halo':
      return ellipse(60, 4, 18, 4.5, {
        className: 'av-halo',
        stroke: a,
        strokeWidth: 3,
        fill: 'none',
      });
    case 'flower':
      return group([
        ...[0, 72, 144, 216, 288].map((deg) =>
          circle(
            84 + 5 * Math.cos((deg * Math.PI) / 180),
            24 + 5 * Math.sin((deg * Math.PI) / 180),
            4,
            { fill: a },
          ),
        ),
        circle(84, 24, 3, { fill: '#ffd23f' }),
      ]);
    case 'star':
      return path('M0 -14 L4 -4 L14 -4 L6 3 L9 13 L0 7 L-9 13 L-6 3 L-14 -4 L-4 -4 Z', {
        transform: { translate: [70, chestY + 10], scale: 0.5 },
        fill: a,
      });
    default:
      return null;
  }
}
