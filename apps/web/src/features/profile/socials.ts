/** The networks a profile links to, in display order. */
export const SOCIALS = ['instagram', 'tiktok', 'twitter', 'facebook', 'snapchat'] as const;
export type Social = (typeof SOCIALS)[number];

const BASE: Record<Social, string> = {
  instagram: 'https://www.instagram.com/',
  tiktok: 'https://www.tiktok.com/@',
  twitter: 'https://x.com/',
  facebook: 'https://www.facebook.com/',
  snapchat: 'https://www.snapchat.com/add/',
};

export const SOCIAL_NAMES: Record<Social, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  snapchat: 'Snapchat',
};

/** A stored handle (or an http(s) URL) → the profile address on that network, or null. */
export function socialUrl(network: Social, value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  if (/^https?:\/\//i.test(v)) {
    try {
      const url = new URL(v);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
    } catch {
      return null;
    }
  }
  const handle = v.replace(/^@/, '');
  if (!/^[\w.-]+$/.test(handle)) return null;
  return `${BASE[network]}${encodeURIComponent(handle)}`;
}

/** The handle as shown: "@name". */
export const displayHandle = (value: string) =>
  /^https?:\/\//i.test(value.trim()) ? value.trim() : `@${value.trim().replace(/^@/, '')}`;
