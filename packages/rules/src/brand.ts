import type { SearchSource } from '@tt/protocol';

/** The two products built from this code (BRAND). */
export const BRANDS = ['turntable', 'hangout'] as const;
export type Brand = (typeof BRANDS)[number];

export interface BrandInfo {
  /** The product's name in sentences ("Welcome to …"). */
  name: string;
  /** The wordmark: the name and its tag. */
  word: string;
  tag: string;
  /** The page title. */
  title: string;
  description: string;
}

/** BRAND-NAME-1: how each product calls itself. */
export const BRAND_INFO: Record<Brand, BrandInfo> = {
  turntable: {
    name: 'Turntable',
    word: 'Turntable',
    tag: 'LIVE',
    title: 'Turntable LIVE',
    description:
      'Turntable LIVE — live rooms where DJs take turns, the crowd votes and everybody chats.',
  },
  hangout: {
    name: 'Hangout',
    word: 'hangout',
    tag: '.fm',
    title: 'hangout.fm',
    description: 'hangout.fm — hang out in live rooms, take the decks and play the songs you own.',
  },
};

/** A BRAND value (case and spaces forgiven), or null when it names no brand. */
export function parseBrand(value: string | null | undefined): Brand | null {
  const v = (value ?? '').trim().toLowerCase();
  return (BRANDS as readonly string[]).includes(v) ? (v as Brand) : null;
}

/**
 * BRAND-PROVIDERS-1: the music each product offers. Turntable searches and plays every
 * configured provider; hangout only the paid-download catalogue (sevenDigital) and our own uploads.
 */
export function brandOffersSource(brand: Brand, source: SearchSource): boolean {
  return brand === 'turntable' || source === 'sevenDigital' || source === 'uploadService';
}
