import { useId, type ReactNode } from 'react';
import type { RoomDesign } from '@tt/protocol';
import { DESIGN_LOOKS, type DesignLook } from '../designs';
import { HORIZON, type Scene } from './scene';
import { Sky } from './scenery';
import { barn, chatOnly, ferry, festival, yacht } from './scenes-day';
import { club, stadium, theater, tomorrowland, underground } from './scenes-night';

export { HORIZON };

/** The floor: a perspective grid in the design's floor colours. */
function Floor({ look, id, tiles = true }: { look: DesignLook; id: string; tiles?: boolean }) {
  const lines: ReactNode[] = [];
  if (tiles) {
    for (let i = -12; i <= 12; i++) {
      lines.push(<line key={`v${i}`} x1={600 + i * 40} y1={HORIZON} x2={600 + i * 190} y2={500} />);
    }
    for (let j = 1; j <= 6; j++) {
      const y = HORIZON + (500 - HORIZON) * (j / 6) ** 1.6;
      lines.push(<line key={`h${j}`} x1={0} y1={y} x2={1200} y2={y} />);
    }
  }
  return (
    <g>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={look.floor[0]} />
          <stop offset="1" stopColor={look.floor[1]} />
        </linearGradient>
      </defs>
      <rect y={HORIZON} width={1200} height={500 - HORIZON} fill={`url(#${id})`} />
      <g stroke={look.lights[2]} strokeOpacity={0.09} strokeWidth={1.2}>
        {lines}
      </g>
      <rect y={HORIZON - 1} width={1200} height={3} fill={look.lights[0]} opacity={0.35} />
    </g>
  );
}

const SCENES: Record<RoomDesign, Scene> = {
  CLUB: club,
  CLUB_UA: club,
  UNDERGROUND: underground,
  FESTIVAL: festival,
  TOMORROWLAND: tomorrowland,
  STADIUM: stadium,
  THEATER: theater,
  YACHT: yacht,
  FERRY_BUILDING: ferry,
  BARN: barn,
  BARN_UA: barn,
  CHAT_ONLY: chatOnly,
};

/** The stage drawn for a room design: sky, scenery and floor (decorative). */
export function Backdrop({ design, className = '' }: { design: RoomDesign; className?: string }) {
  const id = useId().replace(/:/g, '');
  const look = DESIGN_LOOKS[design] ?? DESIGN_LOOKS.CLUB;
  const scene = SCENES[design] ?? club;
  return (
    <svg
      className={`backdrop ${className}`}
      viewBox="0 0 1200 500"
      preserveAspectRatio="xMidYMax slice"
      aria-hidden="true"
      focusable="false"
      data-design={design}
    >
      <defs>
        <clipPath id={`${id}clip`}>
          <rect width={1200} height={HORIZON} />
        </clipPath>
      </defs>
      <Sky look={look} id={`${id}sky`} />
      <Floor look={look} id={`${id}floor`} tiles={design !== 'CHAT_ONLY'} />
      {scene(look, id)}
    </svg>
  );
}
