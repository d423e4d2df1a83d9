import { describe, expect, it } from 'vitest';
import {
  importBeforeAdd,
  importFailureCode,
  importRefusal,
  importSourceOf,
  isCatalogueSong,
  SONG_IMPORT_ORDER,
} from './song-import';

describe('CRATE-IMPORT-2: import before add', () => {
  it('imports by the first provider id in the apps’ order', () => {
    expect(SONG_IMPORT_ORDER.slice(0, 5)).toEqual([
      'uploadService',
      'spotify',
      'apple',
      'soundCloudPublic',
      'sevenDigital',
    ]);
    expect(importSourceOf({ musicProviders: { youtube: 'yt1', apple: ' 144 ' } })).toEqual({
      musicProvider: 'apple',
      providerId: '144',
    });
    expect(importSourceOf({ musicProviders: { audius: 'au1' } })).toEqual({
      musicProvider: 'audius',
      providerId: 'au1',
    });
  });

  it('has no source for a song without a supported provider', () => {
    expect(importSourceOf({ musicProviders: {} })).toBeNull();
    expect(importSourceOf({ musicProviders: { spotify: '  ' } })).toBeNull();
  });

  it('tells a refusal below 500 as "not in our catalog"; 401 and 5xx keep their message', () => {
    expect(importFailureCode(404)).toBe('TRACK_NOT_IMPORTABLE');
    expect(importFailureCode(400)).toBe('TRACK_NOT_IMPORTABLE');
    expect(importFailureCode(401)).toBeNull();
    expect(importFailureCode(502)).toBeNull();
  });

  it('adds a catalogue song (with a short id) as it is', () => {
    expect(isCatalogueSong({ songShortId: 'abc' })).toBe(true);
    expect(isCatalogueSong({})).toBe(false);
  });
});

describe('CRATE-IMPORT-2: importBeforeAdd', () => {
  const song = {
    trackName: 'T',
    artistName: 'A',
    genre: null,
    duration: 100,
    isrc: null,
    playbackToken: null,
    thumbnails: {},
    musicProviders: { spotify: 'sp1' },
  };
  const refuse = (code: string) => new Error(code);

  it('answers a catalogue song as it is, a provider song by its imported short id', async () => {
    const never = () => Promise.reject(new Error('not asked'));
    const known = { ...song, songShortId: 'known1' };
    expect(await importBeforeAdd(known, never, refuse)).toBe(known);
    const asked: unknown[] = [];
    const res = await importBeforeAdd(
      song,
      async (body) => {
        asked.push(body);
        return { song: { songShortId: 'new1' } };
      },
      refuse,
    );
    expect(res).toEqual({ songShortId: 'new1' });
    expect(asked).toEqual([{ musicProvider: 'spotify', providerId: 'sp1' }]);
  });

  it('refuses with the two codes; other failures pass through', async () => {
    const fails = (status: number) => () =>
      Promise.reject(Object.assign(new Error('x'), { status }));
    await expect(
      importBeforeAdd({ ...song, musicProviders: {} }, fails(404), refuse),
    ).rejects.toThrow('TRACK_IMPORT_NO_PROVIDER');
    await expect(importBeforeAdd(song, fails(404), refuse)).rejects.toThrow('TRACK_NOT_IMPORTABLE');
    await expect(importBeforeAdd(song, fails(502), refuse)).rejects.toThrow('x');
  });
});

describe('CRATE-IMPORT-2: importRefusal', () => {
  class Failed extends Error {
    constructor(
      readonly url: string,
      readonly status: number,
      readonly statusText: string,
      readonly body: unknown,
    ) {
      super(`${status}`);
    }
  }

  it('builds the two "Sorry, …" refusals as a failed track import, in the server\'s words', () => {
    const none = importRefusal('TRACK_IMPORT_NO_PROVIDER', Failed);
    expect(none).toBeInstanceOf(Failed);
    expect([none.url, none.status, none.statusText]).toEqual(['/api/v1/track-import', 400, '']);
    expect(none.body).toEqual({
      statusCode: 400,
      message: 'Sorry, this song does not have any supported music providers to import from.',
      code: 'TRACK_IMPORT_NO_PROVIDER',
    });
    const missing = importRefusal('TRACK_NOT_IMPORTABLE', Failed);
    expect([missing.url, missing.status]).toEqual(['/api/v1/track-import', 404]);
    expect(missing.body).toEqual({
      statusCode: 404,
      message: "Sorry, this song is not in our catalog and can't be imported.",
      code: 'TRACK_NOT_IMPORTABLE',
    });
  });
});
