import { HORIZON, type Scene } from './scene';
import { Beams, Glow, Speakers, Spotlight, Stars } from './scenery';

/** Night-time designs: club, underground, dreamland, stadium, theater. */

export const club: Scene = (look, id) => (
  <>
    <Glow cx={600} cy={200} r={420} color={look.lights[0]} id={`${id}g`} opacity={0.35} />
    <Beams x={120} y={0} colors={[look.lights[0], look.lights[1]]} angles={[20, 35, 50, 65]} />
    <Beams
      x={1080}
      y={0}
      colors={[look.lights[1], look.lights[0]]}
      angles={[-20, -35, -50, -65]}
      className="laser laser-rev"
    />
    <line x1={600} y1={0} x2={600} y2={60} stroke="#888" strokeWidth={2} />
    <g className="disco">
      <circle cx={600} cy={90} r={34} fill="#cfd3e6" />
      <g stroke="#6b7190" strokeWidth={1.5} opacity={0.8}>
        {[-20, -8, 4, 16].map((dy) => (
          <line key={dy} x1={568} y1={90 + dy} x2={632} y2={90 + dy} />
        ))}
        {[-20, -8, 4, 16].map((dx) => (
          <line key={dx} x1={600 + dx} y1={58} x2={600 + dx} y2={122} />
        ))}
      </g>
      <circle cx={588} cy={78} r={8} fill="#fff" opacity={0.8} />
    </g>
    <Speakers look={look} />
  </>
);

export const underground: Scene = (look, id) => (
  <>
    <defs>
      <pattern id={`${id}b`} width={80} height={36} patternUnits="userSpaceOnUse">
        <rect width={80} height={36} fill="none" />
        <path
          d="M0 18H80M40 0V18M0 18V36M80 18V36"
          stroke="#000"
          strokeOpacity={0.45}
          strokeWidth={3}
        />
      </pattern>
    </defs>
    <rect width={1200} height={HORIZON} fill={`url(#${id}b)`} />
    <rect x={0} y={28} width={1200} height={14} fill="#2a2a2e" />
    <rect x={0} y={52} width={1200} height={8} fill="#1d1d22" />
    {/* Lamps to the sides, the sign between them, both above the DJ seats at every width. */}
    {[140, 320, 880, 1060].map((x, i) => (
      <g key={x}>
        <line x1={x} y1={42} x2={x} y2={110} stroke="#111" strokeWidth={2} />
        <Glow cx={x} cy={118} r={90} color={look.lights[i % 2]} id={`${id}l${i}`} opacity={0.45} />
        <circle className="bulb" cx={x} cy={118} r={9} fill={look.lights[i % 2]} />
      </g>
    ))}
    <text
      x={600}
      y={108}
      textAnchor="middle"
      fontSize={40}
      fontWeight={900}
      fill="none"
      stroke={look.lights[0]}
      strokeWidth={3}
      opacity={0.7}
      className="neon"
      fontFamily="system-ui, sans-serif"
      letterSpacing={6}
    >
      UNDERGROUND
    </text>
    <Speakers look={look} />
  </>
);

export const tomorrowland: Scene = (look, id) => (
  <>
    <Stars count={70} seed={3} />
    <Glow cx={880} cy={90} r={140} color={look.lights[2]} id={`${id}m`} opacity={0.5} />
    <circle cx={880} cy={90} r={44} fill="#fff6dd" />
    <Glow cx={600} cy={250} r={380} color={look.lights[1]} id={`${id}g`} opacity={0.3} />
    {[
      [160, 150, 90],
      [330, 110, 120],
      [870, 130, 110],
      [1050, 160, 80],
    ].map(([x, top, w], i) => (
      <g key={x}>
        <rect x={x - 10} y={top + 40} width={20} height={HORIZON - top - 40} fill="#1b1240" />
        <ellipse
          cx={x}
          cy={top + 40}
          rx={w / 2}
          ry={34}
          fill={i % 2 ? look.lights[0] : look.lights[1]}
          opacity={0.85}
        />
        <ellipse cx={x} cy={top + 32} rx={w / 2.6} ry={16} fill="#fff" opacity={0.18} />
      </g>
    ))}
    <path
      d="M470 290 L520 120 L600 60 L680 120 L730 290Z"
      fill="#241a55"
      stroke={look.lights[0]}
      strokeOpacity={0.6}
      strokeWidth={3}
    />
    <circle
      cx={600}
      cy={150}
      r={30}
      fill="none"
      stroke={look.lights[2]}
      strokeWidth={4}
      className="neon"
    />
    {[
      [240, 60, look.lights[1]],
      [1000, 50, look.lights[0]],
    ].map(([x, y, c]) => (
      <g key={String(x)} className="firework">
        {Array.from({ length: 12 }, (_, k) => {
          const a = (k / 12) * Math.PI * 2;
          return (
            <line
              key={k}
              x1={Number(x)}
              y1={Number(y)}
              x2={Number(x) + Math.cos(a) * 40}
              y2={Number(y) + Math.sin(a) * 40}
              stroke={String(c)}
              strokeWidth={3}
              strokeLinecap="round"
            />
          );
        })}
      </g>
    ))}
  </>
);

export const stadium: Scene = (look, id) => (
  <>
    <Stars count={30} seed={5} maxY={120} />
    {[0, 1, 2].map((row) => (
      <path
        key={row}
        d={`M0 ${150 + row * 45} Q600 ${90 + row * 45} 1200 ${150 + row * 45} V${195 + row * 45} Q600 ${135 + row * 45} 0 ${195 + row * 45}Z`}
        fill={['#16223f', '#1b2a4d', '#21335c'][row]}
      />
    ))}
    <g fill={look.lights[2]} opacity={0.5}>
      {Array.from({ length: 90 }, (_, k) => (
        <circle
          key={k}
          cx={(k * 137) % 1200}
          cy={170 + ((k * 53) % 110) - Math.abs(((k * 137) % 1200) - 600) / 12}
          r={2.2}
        />
      ))}
    </g>
    {[110, 1090].map((x, i) => (
      <g key={x}>
        <rect x={x - 5} y={40} width={10} height={250} fill="#0a1120" />
        <rect x={x - 40} y={20} width={80} height={30} rx={4} fill="#dfe9ff" />
        <Spotlight x={x} y={50} spread={260} color={look.lights[0]} id={`${id}f${i}`} />
      </g>
    ))}
  </>
);

export const theater: Scene = (look, id) => (
  <>
    <Glow cx={600} cy={260} r={330} color={look.lights[0]} id={`${id}g`} opacity={0.3} />
    <path d="M90 290 V110 Q600 -20 1110 110 V290" fill="none" stroke="#c99a3b" strokeWidth={14} />
    {[0, 1].map((side) => {
      const x0 = side ? 1200 : 0;
      const dir = side ? -1 : 1;
      const folds = Array.from({ length: 6 }, (_, k) => x0 + dir * (k * 42 + 20));
      return (
        <g key={side}>
          <path
            d={`M${x0} 0 H${x0 + dir * 270} Q${x0 + dir * 200} 200 ${x0 + dir * 240} 500 H${x0}Z`}
            fill="#8c0f1f"
          />
          {folds.map((x) => (
            <line
              key={x}
              x1={x}
              y1={0}
              x2={x + dir * 10}
              y2={500}
              stroke="#5a0812"
              strokeWidth={9}
              opacity={0.7}
            />
          ))}
        </g>
      );
    })}
    <path
      d="M0 0 H1200 V60 Q1050 95 900 60 Q750 95 600 60 Q450 95 300 60 Q150 95 0 60Z"
      fill="#a3142a"
    />
    <rect y={0} width={1200} height={14} fill="#c99a3b" />
    <Spotlight x={430} y={20} spread={120} color={look.lights[2]} id={`${id}s1`} />
    <Spotlight x={770} y={20} spread={120} color={look.lights[2]} id={`${id}s2`} />
  </>
);
