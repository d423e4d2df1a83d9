import { HORIZON, type Scene } from './scene';
import { Glow, Spotlight, StringLights } from './scenery';

/** Open-air and warm designs: festival, yacht, ferry building, barn, chat lounge. */

export const festival: Scene = (look, id) => (
  <>
    <g clipPath={`url(#${id}clip)`}>
      <Glow cx={600} cy={240} r={260} color="#ffd27a" id={`${id}s`} opacity={0.55} />
      <circle cx={600} cy={236} r={62} fill="#ffcf6b" opacity={0.9} />
    </g>
    <path d="M0 270 Q150 200 300 250 T600 240 T900 230 T1200 260 V290 H0Z" fill="#3d2a5c" />
    <path d="M0 290 Q200 240 420 275 T820 265 T1200 280 V290 H0Z" fill="#2a1f47" />
    <g stroke="#1a1230" strokeWidth={10} fill="none">
      <path d="M250 290 V70 H950 V290" />
      <path
        d="M250 70 L330 120 L410 70 L490 120 L570 70 L650 120 L730 70 L810 120 L890 70 L950 100"
        strokeWidth={4}
      />
    </g>
    <Spotlight x={330} y={80} spread={140} color={look.lights[0]} id={`${id}p1`} />
    <Spotlight x={870} y={80} spread={140} color={look.lights[1]} id={`${id}p2`} />
    <StringLights
      x1={0}
      x2={250}
      y={60}
      sag={35}
      colors={[look.lights[0], look.lights[1], look.lights[2]]}
      bulbs={8}
    />
    <StringLights
      x1={950}
      x2={1200}
      y={60}
      sag={35}
      colors={[look.lights[1], look.lights[0], look.lights[2]]}
      bulbs={8}
    />
    {[90, 1110].map((x) => (
      <path
        key={x}
        d={`M${x - 60} 290 L${x} 215 L${x + 60} 290Z`}
        fill={look.lights[1]}
        opacity={0.75}
      />
    ))}
  </>
);

export const yacht: Scene = (look, id) => (
  <>
    <g clipPath={`url(#${id}clip)`}>
      <Glow cx={820} cy={230} r={240} color="#ffb27a" id={`${id}s`} opacity={0.6} />
    </g>
    <circle cx={820} cy={228} r={56} fill="#ffd39b" />
    <rect y={230} width={1200} height={60} fill="#2d4f86" />
    <g stroke="#9cc3ff" strokeOpacity={0.35} strokeWidth={2} className="waves">
      {[242, 256, 272].map((y) => (
        <path
          key={y}
          d={`M0 ${y} q30 -6 60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0`}
          fill="none"
        />
      ))}
    </g>
    <path d="M140 232 Q220 200 300 232Z" fill="#1f2f57" />
    <line x1={1000} y1={20} x2={1000} y2={290} stroke="#e9e4da" strokeWidth={8} />
    <path d="M1010 40 L1010 270 L1160 270Z" fill="#f6f1e6" opacity={0.9} />
    <StringLights
      x1={0}
      x2={1000}
      y={30}
      sag={60}
      colors={[look.lights[0], look.lights[2]]}
      bulbs={18}
    />
    <g stroke="#f3ede2" strokeWidth={5}>
      <line x1={0} y1={300} x2={1200} y2={300} />
      {Array.from({ length: 25 }, (_, k) => (
        <line key={k} x1={k * 50} y1={300} x2={k * 50} y2={340} strokeWidth={3} />
      ))}
    </g>
  </>
);

export const ferry: Scene = (look, id) => (
  <>
    <g clipPath={`url(#${id}clip)`}>
      <Glow cx={300} cy={250} r={260} color={look.lights[0]} id={`${id}s`} opacity={0.45} />
    </g>
    <rect y={236} width={1200} height={54} fill="#17324a" />
    <g fill="#0d1b29">
      <rect x={450} y={150} width={300} height={90} />
      <rect x={575} y={40} width={50} height={120} />
      <path d="M575 40 L600 5 L625 40Z" />
      {[470, 510, 550, 650, 690, 730].map((x) => (
        <rect key={x} x={x} y={180} width={14} height={40} fill={look.lights[0]} opacity={0.75} />
      ))}
    </g>
    <circle cx={600} cy={80} r={14} fill="#fff3c9" />
    <g stroke="#0d1b29" strokeWidth={4} fill="none">
      <path d="M780 200 L1200 200" />
      <path d="M850 200 V110 M1050 200 V110" strokeWidth={8} />
      <path d="M780 200 Q850 110 950 190 Q1050 110 1200 190" />
    </g>
    <g fill={look.lights[2]}>
      {[800, 840, 880, 920, 960, 1000, 1040, 1080, 1120, 1160].map((x) => (
        <circle
          key={x}
          cx={x}
          cy={196}
          r={2.5}
          className="twinkle"
          style={{ animationDelay: `${(x % 7) * 0.3}s` }}
        />
      ))}
    </g>
    <g stroke="#ffd27a" strokeOpacity={0.25} strokeWidth={3}>
      {[250, 262, 276].map((y) => (
        <line key={y} x1={470} x2={730} y1={y} y2={y} />
      ))}
    </g>
  </>
);

export const barn: Scene = (look, id) => (
  <>
    <g stroke="#000" strokeOpacity={0.28} strokeWidth={3}>
      {Array.from({ length: 30 }, (_, k) => (
        <line key={k} x1={k * 42} y1={0} x2={k * 42} y2={HORIZON} />
      ))}
    </g>
    <g stroke="#2a170b" strokeWidth={16} fill="none">
      <path d="M0 120 L600 -40 L1200 120" />
      <path d="M150 80 L150 290 M1050 80 L1050 290" />
      <path d="M0 150 H1200" strokeWidth={10} />
    </g>
    <Glow cx={600} cy={200} r={380} color={look.lights[0]} id={`${id}g`} opacity={0.3} />
    <StringLights
      x1={0}
      x2={600}
      y={60}
      sag={70}
      colors={[look.lights[0], look.lights[2]]}
      bulbs={12}
    />
    <StringLights
      x1={600}
      x2={1200}
      y={60}
      sag={70}
      colors={[look.lights[2], look.lights[0]]}
      bulbs={12}
    />
    <StringLights
      x1={150}
      x2={1050}
      y={160}
      sag={50}
      colors={[look.lights[1], look.lights[0]]}
      bulbs={20}
    />
    {[60, 1100].map((x) => (
      <g key={x}>
        <rect x={x - 45} y={230} width={90} height={60} rx={8} fill="#c9a04a" />
        <g stroke="#8a6a25" strokeWidth={2}>
          <line x1={x - 40} x2={x + 40} y1={250} y2={250} />
          <line x1={x - 40} x2={x + 40} y1={270} y2={270} />
        </g>
      </g>
    ))}
  </>
);

export const chatOnly: Scene = (look, id) => (
  <>
    {[
      [180, 120, 90, 0],
      [420, 60, 60, 1],
      [760, 110, 110, 2],
      [1020, 70, 70, 0],
      [600, 200, 140, 1],
    ].map(([x, y, r, c], i) => (
      <Glow key={i} cx={x} cy={y} r={r} color={look.lights[c]} id={`${id}b${i}`} opacity={0.45} />
    ))}
    {[
      [300, 150, 0],
      [850, 190, 1],
    ].map(([x, y, c]) => (
      <g key={x} opacity={0.8}>
        <rect
          x={x - 70}
          y={y - 34}
          width={140}
          height={60}
          rx={30}
          fill={look.lights[c]}
          opacity={0.3}
        />
        <path d={`M${x - 20} ${y + 24} l-14 22 l30 -22Z`} fill={look.lights[c]} opacity={0.3} />
        {[-28, 0, 28].map((dx) => (
          <circle key={dx} cx={x + dx} cy={y - 4} r={7} fill="#fff" opacity={0.8} />
        ))}
      </g>
    ))}
  </>
);
