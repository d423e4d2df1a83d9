import type { AvatarArt } from '@tt/protocol';
import { shade } from './bodies';

/** Hair that falls behind the head (drawn first). */
export function HairBack({ art }: { art: AvatarArt }) {
  const c = art.hairColor;
  switch (art.hair) {
    case 'afro':
      return <circle cx={60} cy={40} r={38} fill={c} />;
    case 'long':
      return <path d="M30 38 Q30 12 60 12 Q90 12 90 38 L94 96 Q60 104 26 96 Z" fill={c} />;
    case 'bob':
      return <rect x={29} y={16} width={62} height={58} rx={22} fill={c} />;
    default:
      return null;
  }
}

/** The head in skin colour, with ears, snout or antennae of its kind. */
export function Head({ art }: { art: AvatarArt }) {
  const s = art.skin;
  const dark = shade(s, -0.25);
  switch (art.head) {
    case 'oval':
      return <ellipse cx={60} cy={46} rx={24} ry={29} fill={s} />;
    case 'square':
      return <rect x={34} y={19} width={52} height={54} rx={13} fill={s} />;
    case 'cat':
      return (
        <g>
          <path d="M36 34 L38 10 L54 24 Z M84 34 L82 10 L66 24 Z" fill={s} />
          <path d="M40 28 L41 16 L50 24 Z M80 28 L79 16 L70 24 Z" fill={shade(art.accent, 0.3)} />
          <circle cx={60} cy={47} r={26} fill={s} />
          <path
            d="M44 58 L32 56 M44 61 L32 63 M76 58 L88 56 M76 61 L88 63"
            stroke={dark}
            strokeWidth={1.5}
          />
        </g>
      );
    case 'bear':
      return (
        <g>
          <circle cx={39} cy={25} r={9} fill={s} />
          <circle cx={81} cy={25} r={9} fill={s} />
          <circle cx={39} cy={25} r={4.5} fill={dark} />
          <circle cx={81} cy={25} r={4.5} fill={dark} />
          <circle cx={60} cy={47} r={26} fill={s} />
          <ellipse cx={60} cy={59} rx={10} ry={7} fill={shade(s, 0.35)} />
        </g>
      );
    case 'robot':
      return (
        <g>
          <line x1={60} y1={20} x2={60} y2={8} stroke={dark} strokeWidth={3} />
          <circle cx={60} cy={7} r={4} fill={art.accent} className="av-blink" />
          <rect x={34} y={20} width={52} height={50} rx={7} fill={s} />
          <rect x={29} y={38} width={6} height={14} rx={2} fill={dark} />
          <rect x={85} y={38} width={6} height={14} rx={2} fill={dark} />
        </g>
      );
    case 'alien':
      return (
        <g>
          <path d="M46 24 L38 6 M74 24 L82 6" stroke={dark} strokeWidth={2.5} />
          <circle cx={38} cy={6} r={3.5} fill={art.accent} />
          <circle cx={82} cy={6} r={3.5} fill={art.accent} />
          <ellipse cx={60} cy={44} rx={31} ry={27} fill={s} />
        </g>
      );
    case 'fox':
      return (
        <g>
          <path d="M36 36 L34 8 L54 26 Z M84 36 L86 8 L66 26 Z" fill={s} />
          <circle cx={60} cy={47} r={25} fill={s} />
          <path d="M42 56 Q60 78 78 56 Q60 62 42 56 Z" fill={art.hairColor} />
        </g>
      );
    default:
      return <circle cx={60} cy={46} r={27} fill={s} />;
  }
}

/** Eyes, cheeks and a smile (robots get a visor). Eyes close while dancing. */
export function Face({ art }: { art: AvatarArt }) {
  if (art.head === 'robot') {
    return (
      <g>
        <rect x={41} y={38} width={38} height={14} rx={7} fill="#111827" />
        <rect x={46} y={42} width={10} height={6} rx={3} fill={art.accent} className="av-visor" />
        <rect x={64} y={42} width={10} height={6} rx={3} fill={art.accent} className="av-visor" />
        <rect x={50} y={58} width={20} height={4} rx={2} fill={shade(art.skin, -0.4)} />
      </g>
    );
  }
  const eye = art.head === 'alien' ? '#0b0b0b' : '#1f1a17';
  const big = art.head === 'alien';
  return (
    <g>
      <g className="av-eyes">
        <ellipse cx={50} cy={46} rx={big ? 6 : 3.4} ry={big ? 8 : 4.2} fill={eye} />
        <ellipse cx={70} cy={46} rx={big ? 6 : 3.4} ry={big ? 8 : 4.2} fill={eye} />
        <circle cx={51.2} cy={44.5} r={1.2} fill="#fff" />
        <circle cx={71.2} cy={44.5} r={1.2} fill="#fff" />
      </g>
      <path
        className="av-eyes-closed"
        d="M46 47 Q50 50 54 47 M66 47 Q70 50 74 47"
        stroke={eye}
        strokeWidth={2}
        fill="none"
      />
      <circle cx={44} cy={55} r={4} fill="#ff7a8a" opacity={0.35} />
      <circle cx={76} cy={55} r={4} fill="#ff7a8a" opacity={0.35} />
      <path
        d="M53 58 Q60 65 67 58"
        stroke={shade(art.skin, -0.55)}
        strokeWidth={2.2}
        fill="none"
        strokeLinecap="round"
      />
    </g>
  );
}

/** Hair in front: fringes, tufts and hats. */
export function HairFront({ art }: { art: AvatarArt }) {
  const c = art.hairColor;
  const fringe = 'M33 40 Q34 14 60 14 Q86 14 87 40 Q76 27 60 29 Q44 27 33 40 Z';
  switch (art.hair) {
    case 'short':
    case 'long':
      return <path d={fringe} fill={c} />;
    case 'bob':
      return <path d="M32 42 Q32 14 60 14 Q88 14 88 42 L82 32 Q60 24 38 32 Z" fill={c} />;
    case 'mohawk':
      return <path d="M54 30 Q52 8 60 0 Q68 8 66 30 Z" fill={c} />;
    case 'bun':
      return (
        <g>
          <circle cx={60} cy={12} r={10} fill={c} />
          <path d={fringe} fill={c} />
        </g>
      );
    case 'spikes':
      return (
        <path
          d="M32 40 L34 18 L42 26 L46 8 L54 22 L60 4 L66 22 L74 8 L78 26 L86 18 L88 40 Q60 26 32 40 Z"
          fill={c}
        />
      );
    case 'curls':
      return (
        <g fill={c}>
          {[
            [36, 32],
            [42, 22],
            [51, 16],
            [60, 14],
            [69, 16],
            [78, 22],
            [84, 32],
          ].map(([x, y]) => (
            <circle key={x} cx={x} cy={y} r={8} />
          ))}
        </g>
      );
    case 'cap':
      return (
        <g>
          <path d="M33 36 Q33 12 60 12 Q87 12 87 36 Z" fill={c} />
          <path d="M60 30 L98 34 Q96 40 60 38 Z" fill={shade(c, -0.25)} />
          <circle cx={60} cy={13} r={2.5} fill={shade(c, 0.3)} />
        </g>
      );
    case 'beanie':
      return (
        <g>
          <circle cx={60} cy={6} r={6} fill={art.accent} />
          <path d="M33 34 Q33 8 60 8 Q87 8 87 34 Z" fill={c} />
          <rect x={31} y={28} width={58} height={10} rx={5} fill={shade(c, -0.2)} />
        </g>
      );
    default:
      return null;
  }
}

/** The accessory of the character (head, face or chest). */
export function Accessory({ art, chestY }: { art: AvatarArt; chestY: number }) {
  const a = art.accent;
  switch (art.accessory) {
    case 'headphones':
      return (
        <g>
          <path
            d="M31 48 Q30 10 60 10 Q90 10 89 48"
            stroke={shade(a, -0.4)}
            strokeWidth={5}
            fill="none"
          />
          <rect x={25} y={40} width={11} height={20} rx={5} fill={a} />
          <rect x={84} y={40} width={11} height={20} rx={5} fill={a} />
        </g>
      );
    case 'shades':
      return (
        <g>
          <rect x={41} y={40} width={17} height={11} rx={4} fill="#111" />
          <rect x={62} y={40} width={17} height={11} rx={4} fill="#111" />
          <line x1={58} y1={44} x2={62} y2={44} stroke="#111" strokeWidth={2} />
          <line x1={44} y1={42} x2={50} y2={42} stroke={a} strokeWidth={1.5} opacity={0.8} />
        </g>
      );
    case 'glasses':
      return (
        <g stroke={shade(a, -0.3)} strokeWidth={2.2} fill="none">
          <circle cx={50} cy={46} r={7} />
          <circle cx={70} cy={46} r={7} />
          <line x1={57} y1={46} x2={63} y2={46} />
        </g>
      );
    case 'crown':
      return (
        <path
          d="M42 16 L44 0 L52 9 L60 -2 L68 9 L76 0 L78 16 Z"
          fill={a}
          stroke={shade(a, -0.35)}
          strokeWidth={1}
        />
      );
    case 'chain':
      return (
        <g>
          <path
            d={`M46 ${chestY} Q60 ${chestY + 16} 74 ${chestY}`}
            stroke={a}
            strokeWidth={2.5}
            fill="none"
          />
          <circle cx={60} cy={chestY + 9} r={4} fill={a} />
        </g>
      );
    case 'horns':
      return (
        <path d="M40 26 Q34 12 40 4 Q42 16 48 22 Z M80 26 Q86 12 80 4 Q78 16 72 22 Z" fill={a} />
      );
    case 'halo':
      return (
        <ellipse
          className="av-halo"
          cx={60}
          cy={4}
          rx={18}
          ry={4.5}
          stroke={a}
          strokeWidth={3}
          fill="none"
        />
      );
    case 'flower':
      return (
        <g>
          {[0, 72, 144, 216, 288].map((deg) => (
            <circle
              key={deg}
              cx={84 + 5 * Math.cos((deg * Math.PI) / 180)}
              cy={24 + 5 * Math.sin((deg * Math.PI) / 180)}
              r={4}
              fill={a}
            />
          ))}
          <circle cx={84} cy={24} r={3} fill="#ffd23f" />
        </g>
      );
    case 'star':
      return (
        <path
          transform={`translate(70 ${chestY + 10}) scale(0.5)`}
          d="M0 -14 L4 -4 L14 -4 L6 3 L9 13 L0 7 L-9 13 L-6 3 L-14 -4 L-4 -4 Z"
          fill={a}
        />
      );
    default:
      return null;
  }
}
