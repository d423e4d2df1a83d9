/** Every genre style of the demo synthesiser, by name (see style-types.ts). */
import type { Style } from './style-types';
import { CHILL_STYLES } from './styles-chill';
import { CLUB_STYLES } from './styles-club';
import { GROOVE_STYLES } from './styles-groove';

export const STYLES = { ...CLUB_STYLES, ...GROOVE_STYLES, ...CHILL_STYLES };
export type StyleName = keyof typeof STYLES;
export const STYLE_NAMES = Object.keys(STYLES) as StyleName[];

export const style = (name: StyleName): Style => STYLES[name];
export type { Style } from './style-types';
