/** Signs offered on the profile form; stored as these keys, shown translated. */
export const ZODIAC_SIGNS = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
] as const;

export const isZodiacSign = (v: string): v is (typeof ZODIAC_SIGNS)[number] =>
  (ZODIAC_SIGNS as readonly string[]).includes(v.toLowerCase());
