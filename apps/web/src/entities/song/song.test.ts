import { describe, expect, it } from 'vitest';
import type { SongDataDto } from '@tt/protocol';
import { uploadCoverPath } from '@tt/rules';
import { previewOf, resultArt } from './song';

/** The fields art and previews read; toQueuedSong and the keys are tested in @tt/rules. */
type Fields = Pick<SongDataDto, 'songShortId' | 'musicProviders' | 'thumbnails' | 'previews'>;
const song = (over: Partial<Fields> = {}): Fields => ({
  songShortId: null,
  musicProviders: {},
  thumbnails: {},
  previews: [],
  ...over,
});
const upload = song({ songShortId: 'abcdefghij', musicProviders: { uploadService: 'abcdefghij' } });
const spotify = song({
  musicProviders: { spotify: '4uLU6hMCjMI75M1A2tKUQC', apple: '1440' },
  thumbnails: {
    spotify: 'https://i.scdn.co/image/ab67',
    apple: 'https://is1.mzstatic.com/image/thumb/x/{w}x{h}bb.jpg',
  },
  previews: ['https://p.scdn.co/mp3-preview/1'],
});

describe('search results: art and previews', () => {
  it('prefers the catalogue art in order and sizes Apple templates', () => {
    expect(resultArt(spotify)).toBe('https://is1.mzstatic.com/image/thumb/x/128x128bb.jpg');
    expect(resultArt({ ...spotify, thumbnails: { spotify: 'https://i.scdn.co/a' } })).toBe(
      'https://i.scdn.co/a',
    );
    expect(
      resultArt(
        song({ thumbnails: { sevenDigital: 'https://artwork-cdn.7static.com/x_350.jpg' } }),
      ),
    ).toBe('https://artwork-cdn.7static.com/x_180.jpg');
    expect(
      resultArt(song({ thumbnails: { soundCloudPublic: 'https://i1.sndcdn.com/a-large.jpg' } })),
    ).toBe('https://i1.sndcdn.com/a-t300x300.jpg');
  });

  it('an upload without thumbnails shows its generated cover; nothing else shows nothing', () => {
    expect(resultArt(upload)).toBe(uploadCoverPath('abcdefghij'));
    expect(resultArt(song())).toBeNull();
  });

  it("plays the provider's clip, or the first 30 s of an upload's HLS, or nothing", () => {
    expect(previewOf(spotify)).toEqual({ kind: 'audio', url: 'https://p.scdn.co/mp3-preview/1' });
    expect(previewOf(upload)).toEqual({
      kind: 'hls',
      url: '/api/song-service/songs/abcdefghij/hls-playlist',
      seconds: 30,
    });
    expect(previewOf(song({ previews: [' '] }))).toBeNull();
  });
});
