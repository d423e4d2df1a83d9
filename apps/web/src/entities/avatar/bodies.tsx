import type { AvatarArt } from '@tt/protocol';

/** Where a body's torso sits, so that outfits and accessories fit any body. */
export interface Torso {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

const TORSO: Record<AvatarArt['body'], Torso> = {
  classic: { x0: 38, x1: 82, y0: 80, y1: 128 },
  round: { x0: 32, x1: 88, y0: 82, y1: 132 },
  tall: { x0: 41, x1: 79, y0: 80, y1: 136 },
  bear: { x0: 33, x1: 87, y0: 80, y1: 134 },
  robot: { x0: 36, x1: 84, y0: 80, y1: 130 },
};

export const torsoOf = (body: AvatarArt['body']): Torso => TORSO[body];

/** Darker or lighter shade of a #rrggbb colour (amount −1…1). */
export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const f = (c: number) =>
    Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount)
      .toString(16)
      .padStart(2, '0');
  return `#${f(n >> 16)}${f((n >> 8) & 255)}${f(n & 255)}`;
}

/** Legs and shoes (behind the torso). */
export function Legs({ art }: { art: AvatarArt }) {
  const t = TORSO[art.body];
  const pants = art.outfit === 'dress' ? art.skin : shade(art.outfitColor, -0.45);
  const legTop = t.y1 - 6;
  const bottom = art.body === 'round' || art.body === 'bear' ? 150 : 154;
  const shoe = shade(art.accent, -0.5);
  const legW = art.body === 'bear' ? 14 : 10;
  return (
    <g className="av-legs">
      <rect x={52 - legW} y={legTop} width={legW} height={bottom - legTop} rx={4} fill={pants} />
      <rect x={68} y={legTop} width={legW} height={bottom - legTop} rx={4} fill={pants} />
      <ellipse cx={52 - legW / 2} cy={bottom} rx={legW / 2 + 4} ry={4} fill={shoe} />
      <ellipse cx={68 + legW / 2} cy={bottom} rx={legW / 2 + 4} ry={4} fill={shoe} />
    </g>
  );
}

/** One arm, hanging from the shoulder; `side` −1 left, 1 right. Dances by rotating. */
export function Arm({ art, side }: { art: AvatarArt; side: -1 | 1 }) {
  const t = TORSO[art.body];
  const x = side < 0 ? t.x0 - 9 : t.x1 - 1;
  const sleeve = art.body === 'robot' ? shade(art.skin, -0.2) : art.outfitColor;
  const hand = art.body === 'bear' ? shade(art.skin, -0.15) : art.skin;
  const len = t.y1 - t.y0 - 8;
  return (
    <g className={side < 0 ? 'av-arm av-arm-left' : 'av-arm av-arm-right'}>
      <rect x={x} y={t.y0 + 4} width={10} height={len} rx={5} fill={sleeve} />
      <circle cx={x + 5} cy={t.y0 + 4 + len} r={6} fill={hand} />
    </g>
  );
}

/** The torso in the outfit's colour, with the outfit's details on top. */
export function Torso({ art }: { art: AvatarArt }) {
  const t = TORSO[art.body];
  const w = t.x1 - t.x0;
  const h = t.y1 - t.y0;
  const fill = art.body === 'robot' ? shade(art.skin, -0.1) : art.outfitColor;
  const shape =
    art.body === 'round' || art.body === 'bear' ? (
      <ellipse cx={60} cy={(t.y0 + t.y1) / 2 + 2} rx={w / 2} ry={h / 2 + 2} fill={fill} />
    ) : (
      <rect x={t.x0} y={t.y0} width={w} height={h} rx={art.body === 'robot' ? 6 : 14} fill={fill} />
    );
  return (
    <g className="av-torso">
      {art.outfit === 'dress' ? (
        <path
          d={`M${t.x0 + 4} ${t.y0 + h * 0.45} L${t.x0 - 10} ${t.y1 + 12} L${t.x1 + 10} ${t.y1 + 12} L${t.x1 - 4} ${t.y0 + h * 0.45} Z`}
          fill={art.outfitColor}
        />
      ) : null}
      {shape}
      {art.body === 'bear' ? (
        <ellipse
          cx={60}
          cy={t.y0 + h * 0.62}
          rx={w * 0.28}
          ry={h * 0.3}
          fill={shade(art.skin, 0.35)}
        />
      ) : null}
      {art.body === 'robot' ? <RobotPanel t={t} accent={art.accent} /> : <Outfit art={art} t={t} />}
    </g>
  );
}

function RobotPanel({ t, accent }: { t: Torso; accent: string }) {
  return (
    <g>
      <rect x={50} y={t.y0 + 14} width={20} height={16} rx={3} fill="#1f2937" />
      <circle cx={55} cy={t.y0 + 22} r={3} fill={accent} className="av-blink" />
      <circle cx={65} cy={t.y0 + 22} r={3} fill={shade(accent, -0.3)} />
      <rect x={48} y={t.y0 + 36} width={24} height={4} rx={2} fill="#1f2937" />
    </g>
  );
}

/** Collars, zips, lapels, stripes: drawn on the torso's box. */
function Outfit({ art, t }: { art: AvatarArt; t: Torso }) {
  const mid = 60;
  const dark = shade(art.outfitColor, -0.3);
  switch (art.outfit) {
    case 'tee':
      return (
        <path d={`M${mid - 9} ${t.y0} Q${mid} ${t.y0 + 10} ${mid + 9} ${t.y0}`} fill={art.skin} />
      );
    case 'hoodie':
      return (
        <g>
          <path
            d={`M${mid - 16} ${t.y0 + 2} Q${mid} ${t.y0 + 18} ${mid + 16} ${t.y0 + 2}`}
            stroke={dark}
            strokeWidth={4}
            fill="none"
          />
          <line
            x1={mid - 4}
            y1={t.y0 + 10}
            x2={mid - 4}
            y2={t.y0 + 22}
            stroke={art.accent}
            strokeWidth={2}
          />
          <line
            x1={mid + 4}
            y1={t.y0 + 10}
            x2={mid + 4}
            y2={t.y0 + 22}
            stroke={art.accent}
            strokeWidth={2}
          />
          <rect x={mid - 12} y={t.y1 - 18} width={24} height={10} rx={4} fill={dark} />
        </g>
      );
    case 'jacket':
    case 'suit':
      return (
        <g>
          <path
            d={`M${mid - 8} ${t.y0} L${mid} ${t.y0 + 26} L${mid + 8} ${t.y0} Z`}
            fill={art.outfit === 'suit' ? '#ffffff' : art.accent}
          />
          <path
            d={`M${mid - 8} ${t.y0} L${mid - 14} ${t.y0 + 16} L${mid} ${t.y0 + 30}`}
            stroke={dark}
            strokeWidth={3}
            fill="none"
          />
          <path
            d={`M${mid + 8} ${t.y0} L${mid + 14} ${t.y0 + 16} L${mid} ${t.y0 + 30}`}
            stroke={dark}
            strokeWidth={3}
            fill="none"
          />
          {art.outfit === 'suit' ? (
            <path
              d={`M${mid - 3} ${t.y0 + 4} L${mid + 3} ${t.y0 + 4} L${mid + 2} ${t.y0 + 22} L${mid} ${t.y0 + 26} L${mid - 2} ${t.y0 + 22} Z`}
              fill={art.accent}
            />
          ) : null}
        </g>
      );
    case 'overalls':
      return (
        <g>
          <rect x={t.x0} y={t.y0} width={t.x1 - t.x0} height={16} rx={8} fill={art.accent} />
          <rect x={mid - 12} y={t.y0 + 12} width={24} height={16} rx={3} fill={dark} />
          <line
            x1={t.x0 + 6}
            y1={t.y0}
            x2={mid - 10}
            y2={t.y0 + 14}
            stroke={dark}
            strokeWidth={4}
          />
          <line
            x1={t.x1 - 6}
            y1={t.y0}
            x2={mid + 10}
            y2={t.y0 + 14}
            stroke={dark}
            strokeWidth={4}
          />
        </g>
      );
    case 'stripes':
      return (
        <g>
          {[10, 22, 34].map((dy) => (
            <rect
              key={dy}
              x={t.x0 + 2}
              y={t.y0 + dy}
              width={t.x1 - t.x0 - 4}
              height={5}
              fill={art.accent}
            />
          ))}
        </g>
      );
    case 'sequins':
      return (
        <g className="av-sparkle">
          {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
            <circle
              key={i}
              cx={t.x0 + 8 + ((i * 13) % (t.x1 - t.x0 - 12))}
              cy={t.y0 + 10 + ((i * 17) % (t.y1 - t.y0 - 16))}
              r={2.2}
              fill={art.accent}
            />
          ))}
        </g>
      );
    case 'dress':
      return (
        <path d={`M${mid - 9} ${t.y0} Q${mid} ${t.y0 + 10} ${mid + 9} ${t.y0}`} fill={art.skin} />
      );
    default:
      return null;
  }
}
