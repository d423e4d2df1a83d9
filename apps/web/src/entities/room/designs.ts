import type { RoomDesign } from '@tt/protocol';

/**
 * The look of each room design: a palette the stage, the floor, the booth and the room cards
 * share (as CSS variables), and the shapes drawn by the backdrop (Backdrop.tsx).
 */
export interface DesignLook {
  /** Sky / back wall, top to bottom. */
  sky: [string, string, string];
  /** The floor, back to front. */
  floor: [string, string];
  /** Light and accent colours (lasers, lamps, trims). */
  lights: [string, string, string];
  /** The DJ booth's front panel. */
  booth: string;
}

export const DESIGNS: readonly RoomDesign[] = [
  'CLUB',
  'UNDERGROUND',
  'FESTIVAL',
  'TOMORROWLAND',
  'STADIUM',
  'THEATER',
  'YACHT',
  'FERRY_BUILDING',
  'BARN',
  'CLUB_UA',
  'BARN_UA',
  'CHAT_ONLY',
];

export const DESIGN_LOOKS: Record<RoomDesign, DesignLook> = {
  CLUB: {
    sky: ['#12052e', '#2a0b52', '#4a1170'],
    floor: ['#1a0a33', '#090414'],
    lights: ['#ff4fd8', '#22d3ee', '#a996ff'],
    booth: '#1d1238',
  },
  CLUB_UA: {
    sky: ['#04122e', '#0a2a63', '#0f3d8c'],
    floor: ['#0a1a3a', '#040a18'],
    lights: ['#ffd500', '#3b82f6', '#fff3a3'],
    booth: '#0b1d45',
  },
  UNDERGROUND: {
    sky: ['#0b0708', '#1c0d0f', '#2d1114'],
    floor: ['#1a1213', '#080506'],
    lights: ['#ff3b3b', '#ff9a3b', '#ffd2c2'],
    booth: '#221416',
  },
  FESTIVAL: {
    sky: ['#2b1055', '#d2416d', '#ffb35c'],
    floor: ['#3a6b35', '#1c3a1a'],
    lights: ['#ffe066', '#ff6b9a', '#7cf5ff'],
    booth: '#2a1a3d',
  },
  TOMORROWLAND: {
    sky: ['#06182e', '#2b1460', '#6d1e7c'],
    floor: ['#1d3550', '#0a1526'],
    lights: ['#5ef2d6', '#ff7ae0', '#ffe9a8'],
    booth: '#1a2447',
  },
  STADIUM: {
    sky: ['#040b1c', '#0c1a3a', '#1a2f5c'],
    floor: ['#1f5c2e', '#0f3319'],
    lights: ['#f5f9ff', '#9cc7ff', '#ffd76a'],
    booth: '#13213f',
  },
  THEATER: {
    sky: ['#1a0406', '#3a0a10', '#5c1018'],
    floor: ['#3b1d12', '#170b07'],
    lights: ['#ffd27a', '#ff9e5e', '#fff1cc'],
    booth: '#2c0e12',
  },
  YACHT: {
    sky: ['#16254f', '#c2577a', '#ffb27a'],
    floor: ['#8a5a36', '#4e3018'],
    lights: ['#ffe3a3', '#5fd3ff', '#ffffff'],
    booth: '#213056',
  },
  FERRY_BUILDING: {
    sky: ['#0f2a3f', '#3c6e8f', '#f2a65a'],
    floor: ['#4a4f5a', '#23262d'],
    lights: ['#ffcf70', '#8fe3ff', '#ffffff'],
    booth: '#1c3247',
  },
  BARN: {
    sky: ['#1c0f08', '#3d2212', '#5a3319'],
    floor: ['#6b4325', '#3a2312'],
    lights: ['#ffc35c', '#ff8a3d', '#fff0c4'],
    booth: '#3b2213',
  },
  BARN_UA: {
    sky: ['#0b1a33', '#1c3a6b', '#2c5aa0'],
    floor: ['#6b5a25', '#3a3012'],
    lights: ['#ffd500', '#6fb1ff', '#fff6c4'],
    booth: '#1c2f55',
  },
  CHAT_ONLY: {
    sky: ['#0f0b1f', '#1b1535', '#2a2150'],
    floor: ['#1b1633', '#0c0a18'],
    lights: ['#a996ff', '#ff8fd8', '#7de3f5'],
    booth: '#1d1736',
  },
};

/** CSS custom properties of a design, for inline `style`. */
export function designVars(design: RoomDesign): Record<string, string> {
  const look = DESIGN_LOOKS[design] ?? DESIGN_LOOKS.CLUB;
  return {
    '--sky-1': look.sky[0],
    '--sky-2': look.sky[1],
    '--sky-3': look.sky[2],
    '--floor-1': look.floor[0],
    '--floor-2': look.floor[1],
    '--light-1': look.lights[0],
    '--light-2': look.lights[1],
    '--light-3': look.lights[2],
    '--booth': look.booth,
  };
}
