import { createHash } from 'node:crypto';

/**
 * Generated cover art: an SVG drawn only from the song's id, genre and title, so the same song
 * always gets the same picture and nothing is downloaded. The genre chooses the palette and the
 * family of shapes, the id places them, the title gives the initials in the middle.
 */

export interface CoverInput {
  /** The song's short id: seeds the layout. */
  id: string;
  genre: string | null;
  trackName: string;
}

type ShapeFamily = 'rings' | 'waves' | 'stripes' | 'triangles' | 'squares';

/** Genres by family; anything else draws squares on a palette from its own name. */
const FAMILIES: [RegExp, ShapeFamily][] = [
  [/house|techno|trance|electro|edm|drum|bass|dubstep|garage|synth/i, 'rings'],
  [/lo-?fi|ambient|chill|downtempo|new age|classical|piano|cinematic/i, 'waves'],
  [/jazz|funk|soul|disco|swing|blues|boogie/i, 'stripes'],
  [/hip-?hop|afro|reggae|dub|dancehall|latin|cumbia|breakbeat/i, 'triangles'],
];

/** Bytes of a sha-256 of the text: a deterministic source of numbers. */
function digest(text: string): Uint8Array {
  return createHash('sha256').update(text).digest();
}

/** A small deterministic generator over the digest bytes (wraps around, mixing the index). */
function numbers(seed: Uint8Array) {
  let i = 0;
  return {
    /** 0 ≤ n < 1 */
    next(): number {
      const a = seed[i % seed.length];
      const b = seed[(i * 7 + 3) % seed.length];
      i++;
      return ((a << 8) | b) / 65536;
    },
  };
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Up to two initials of the title's words, upper-cased ("Midnight Tram Line" → "MT"). */
export function initials(title: string): string {
  const words = title
    .split(/\s+/)
    .map((w) => Array.from(w).find((ch) => /[\p{L}\p{N}]/u.test(ch)))
    .filter((ch): ch is string => Boolean(ch));
  const picked = words.slice(0, 2).join('').toUpperCase();
  return picked || '♪';
}

export function shapeFamily(genre: string | null): ShapeFamily {
  return FAMILIES.find(([re]) => re.test(genre ?? ''))?.[1] ?? 'squares';
}

const hsl = (h: number, s: number, l: number) =>
  `hsl(${Math.round(((h % 360) + 360) % 360)}, ${s}%, ${l}%)`;
const r1 = (n: number) => Math.round(n * 10) / 10;

function shapes(family: ShapeFamily, rnd: { next(): number }, hue: number): string[] {
  const out: string[] = [];
  const light = (o: number) => `fill="${hsl(hue + 30, 90, 85)}" fill-opacity="${o}"`;
  for (let k = 0; k < 6; k++) {
    const x = r1(rnd.next() * 512);
    const y = r1(rnd.next() * 512);
    const size = r1(40 + rnd.next() * 160);
    const o = r1(0.12 + rnd.next() * 0.25);
    switch (family) {
      case 'rings':
        out.push(
          `<circle cx="${x}" cy="${y}" r="${size}" fill="none" stroke="${hsl(hue + 40, 90, 80)}" stroke-opacity="${o}" stroke-width="${r1(6 + rnd.next() * 18)}"/>`,
        );
        break;
      case 'waves': {
        const amp = r1(20 + rnd.next() * 50);
        out.push(
          `<path d="M0 ${y} C 128 ${r1(y - amp)}, 256 ${r1(y + amp)}, 384 ${y} S 512 ${r1(y - amp)}, 512 ${y} V 512 H 0 Z" ${light(r1(o / 2))}/>`,
        );
        break;
      }
      case 'stripes':
        out.push(
          `<rect x="${r1(x - 300)}" y="${y}" width="900" height="${r1(size / 4)}" transform="rotate(${Math.round(-30 + rnd.next() * 60)} 256 256)" ${light(o)}/>`,
        );
        break;
      case 'triangles':
        out.push(
          `<polygon points="${x},${r1(y - size)} ${r1(x + size)},${r1(y + size / 2)} ${r1(x - size)},${r1(y + size / 2)}" ${light(o)}/>`,
        );
        break;
      default:
        out.push(
          `<rect x="${r1(x - size / 2)}" y="${r1(y - size / 2)}" width="${size}" height="${size}" rx="${r1(size / 8)}" transform="rotate(${Math.round(rnd.next() * 90)} ${x} ${y})" ${light(o)}/>`,
        );
    }
  }
  return out;
}

/** The cover of one song, a 512×512 SVG document. */
export function coverSvg(song: CoverInput): string {
  const genreSeed = digest(`genre:${(song.genre ?? '').toLowerCase()}`);
  const rnd = numbers(digest(`cover:${song.id}`));
  // The genre fixes the hue family; the id moves it a little, so a genre's covers look related.
  const hue = genreSeed[0] * (360 / 256) + (rnd.next() - 0.5) * 50;
  const angle = Math.round(rnd.next() * 360);
  const family = shapeFamily(song.genre);
  const text = escapeXml(initials(song.trackName));
  const label = escapeXml(`${song.trackName}${song.genre ? ` (${song.genre})` : ''}`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512" role="img" aria-label="${label}">`,
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">`,
    `<stop offset="0" stop-color="${hsl(hue, 70, 45)}"/>`,
    `<stop offset="1" stop-color="${hsl(hue + 70, 75, 22)}"/>`,
    `</linearGradient></defs>`,
    `<rect width="512" height="512" fill="url(#g)"/>`,
    ...shapes(family, rnd, hue),
    `<circle cx="256" cy="256" r="118" fill="#000" fill-opacity="0.22"/>`,
    `<text x="256" y="256" text-anchor="middle" dominant-baseline="central" font-family="'Helvetica Neue', Arial, sans-serif" font-weight="700" font-size="112" fill="#fff">${text}</text>`,
    `</svg>`,
  ].join('');
}
