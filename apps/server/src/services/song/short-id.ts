import { createHash, randomBytes } from 'node:crypto';
import { SONG_SHORT_ID_ALPHABET, serviceBase } from '@tt/protocol';

const LETTERS = SONG_SHORT_ID_ALPHABET.replace(/\d/g, '');

/** 10 characters from the bytes; the first is a letter, so a short id never looks numeric. */
function fromBytes(bytes: Uint8Array): string {
  let out = LETTERS[bytes[0] % LETTERS.length];
  for (let i = 1; i < 10; i++)
    out += SONG_SHORT_ID_ALPHABET[bytes[i] % SONG_SHORT_ID_ALPHABET.length];
  return out;
}

/** A fresh random short id (uploads). */
export function newSongShortId(): string {
  return fromBytes(randomBytes(10));
}

/** The short id of a demo-catalogue song: derived from its title, the same on every start. */
export function demoSongShortId(trackName: string): string {
  return fromBytes(createHash('sha256').update(`demo-song:${trackName}`).digest());
}

/** Where a song's generated cover is served: an absolute path on this platform. */
export function coverPath(shortId: string): string {
  return `${serviceBase('song')}/songs/${shortId}/cover.svg`;
}
