import { BRAND } from '../lib/config';
import { PALETTES, type Palette } from './palette';

/** The colours of the brand this build is. */
export const theme: Palette = PALETTES[BRAND];
