import type { Brand } from '@tt/rules';

export interface Palette {
  brand: string;
  bg: string;
  surface: string;
  border: string;
  text: string;
  muted: string;
  danger: string;
}

/**
 * BRAND-NAME-1: each brand's colours, the web's (apps/web/src/styles/tokens.css). Plain data:
 * app.config.ts reads it too (the icon tint, the splash and window background).
 */
export const PALETTES: Record<Brand, Palette> = {
  turntable: {
    brand: '#562df9',
    bg: '#0a0714',
    surface: '#151024',
    border: '#2f2650',
    text: '#f4f1ff',
    muted: '#a9a1c9',
    danger: '#ff6b88',
  },
  hangout: {
    brand: '#e8590c',
    bg: '#07110f',
    surface: '#0f1c19',
    border: '#23413a',
    text: '#f1fbf8',
    muted: '#9fc2b8',
    danger: '#ff6b88',
  },
};
