import type { ReactNode } from 'react';
import type { DesignLook } from '../designs';

/** Shared pieces of the backdrops. Coordinates are in the 1200x500 backdrop viewBox. */

export function Stars({
  count = 40,
  seed = 1,
  maxY = 260,
}: {
  count?: number;
  seed?: number;
  maxY?: number;
}) {
  const stars: ReactNode[] = [];
  let s = seed * 9301 + 49297;
  const rnd = () => {
    s = (s * 9301 + 49297) % 233280;
    return s / 233280;
  };
  for (let i = 0; i < count; i++) {
    const r = 0.6 + rnd() * 1.6;
    stars.push(
      <circle
        key={i}
        className={i % 3 === 0 ? 'twinkle' : undefined}
        style={{ animationDelay: `${(i % 7) * 0.4}s` }}
        cx={rnd() * 1200}
        cy={rnd() * maxY}
        r={r}
        fill="#fff"
        opacity={0.35 + rnd() * 0.5}
      />,
    );
  }
  return <g>{stars}</g>;
}

/** A catenary string of bulbs from (x1,y) to (x2,y), sagging by `sag`. */
export function StringLights({
  x1,
  x2,
  y,
  sag,
  colors,
  bulbs = 14,
}: {
  x1: number;
  x2: number;
  y: number;
  sag: number;
  colors: string[];
  bulbs?: number;
}) {
  const mid = (x1 + x2) / 2;
  const points: ReactNode[] = [];
  for (let i = 1; i < bulbs; i++) {
    const t = i / bulbs;
    const x = x1 + (x2 - x1) * t;
    const yy = y + sag * 4 * t * (1 - t);
    const c = colors[i % colors.length];
    points.push(
      <g key={i} className="bulb" style={{ animationDelay: `${(i % 5) * 0.3}s` }}>
        <circle cx={x} cy={yy + 6} r={9} fill={c} opacity={0.22} />
        <circle cx={x} cy={yy + 6} r={3.6} fill={c} />
      </g>,
    );
  }
  return (
    <g>
      <path
        d={`M${x1},${y} Q${mid},${y + sag * 2} ${x2},${y}`}
        stroke="rgb(0 0 0 / 0.55)"
        strokeWidth={2}
        fill="none"
      />
      {points}
    </g>
  );
}

/** Light beams fanning out from (x, y). */
export function Beams({
  x,
  y,
  colors,
  angles,
  length = 700,
  width = 5,
  className = 'laser',
}: {
  x: number;
  y: number;
  colors: string[];
  angles: number[];
  length?: number;
  width?: number;
  className?: string;
}) {
  return (
    <g className={className} style={{ transformOrigin: `${x}px ${y}px` }}>
      {angles.map((a, i) => {
        const rad = (a * Math.PI) / 180;
        return (
          <line
            key={a}
            x1={x}
            y1={y}
            x2={x + Math.sin(rad) * length}
            y2={y + Math.cos(rad) * length}
            stroke={colors[i % colors.length]}
            strokeWidth={width}
            strokeLinecap="round"
            opacity={0.4}
          />
        );
      })}
    </g>
  );
}

/** A soft cone of light from (x, y) down to the floor. */
export function Spotlight({
  x,
  y,
  spread,
  color,
  id,
}: {
  x: number;
  y: number;
  spread: number;
  color: string;
  id: string;
}) {
  return (
    <g>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={color} stopOpacity={0.55} />
          <stop offset="1" stopColor={color} stopOpacity={0} />
        </linearGradient>
      </defs>
      <path
        className="spot"
        d={`M${x - 8},${y} L${x + 8},${y} L${x + spread},500 L${x - spread},500 Z`}
        fill={`url(#${id})`}
      />
      <circle cx={x} cy={y} r={7} fill={color} />
    </g>
  );
}

/** A glow (radial) centred at (cx, cy). */
export function Glow({
  cx,
  cy,
  r,
  color,
  id,
  opacity = 0.6,
}: {
  cx: number;
  cy: number;
  r: number;
  color: string;
  id: string;
  opacity?: number;
}) {
  return (
    <g>
      <defs>
        <radialGradient id={id}>
          <stop offset="0" stopColor={color} stopOpacity={opacity} />
          <stop offset="1" stopColor={color} stopOpacity={0} />
        </radialGradient>
      </defs>
      <circle cx={cx} cy={cy} r={r} fill={`url(#${id})`} />
    </g>
  );
}

/** Speaker stacks on both sides. */
export function Speakers({ look }: { look: DesignLook }) {
  const stack = (x: number) => (
    <g key={x}>
      {[0, 1].map((i) => (
        <g key={i}>
          <rect
            x={x}
            y={330 + i * 85}
            width={90}
            height={80}
            rx={6}
            fill="#07050d"
            stroke={look.lights[2]}
            strokeOpacity={0.25}
          />
          <circle
            cx={x + 45}
            cy={370 + i * 85}
            r={26}
            fill="#14101f"
            stroke={look.lights[0]}
            strokeOpacity={0.5}
            strokeWidth={2}
          />
          <circle
            className="thump"
            cx={x + 45}
            cy={370 + i * 85}
            r={11}
            fill={look.lights[0]}
            opacity={0.35}
          />
        </g>
      ))}
    </g>
  );
  return <g>{[40, 1070].map(stack)}</g>;
}

/** Sky: a vertical gradient filling the backdrop. */
export function Sky({ look, id }: { look: DesignLook; id: string }) {
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={look.sky[0]} />
          <stop offset="0.6" stopColor={look.sky[1]} />
          <stop offset="1" stopColor={look.sky[2]} />
        </linearGradient>
      </defs>
      <rect width={1200} height={500} fill={`url(#${id})`} />
    </>
  );
}
