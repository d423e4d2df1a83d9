import { describe, expect, it } from 'vitest';
import { MinimalSongDto, type SongDataDto } from '@tt/protocol';
import { flattenPages, resultKey, toQueuedSong, uploadCoverPath, uploadIdOf } from './song-queue';

const base: SongDataDto = {
  id: null,
  songShortId: null,
  trackName: 'Harbor Lights Fade',
  artistName: 'Neon Harbor',
  genre: 'Chillwave',
  duration: 194,
  isrc: null,
  explicit: false,
  musicProviders: {},
  thumbnails: {},
  links: {},
  previews: [],
  streamUrls: {},
  albumName: null,
  releaseYear: null,
};
const upload: SongDataDto = {
  ...base,
  id: 7,
  songShortId: 'abcdefghij',
  musicProviders: { uploadService: 'abcdefghij' },
};
const spotify: SongDataDto = {
  ...base,
  isrc: 'USRC17607839',
  explicit: true,
  musicProviders: { spotify: '4uLU6hMCjMI75M1A2tKUQC', apple: '1440' },
  thumbnails: {
    spotify: 'https://i.scdn.co/image/ab67',
    apple: 'https://is1.mzstatic.com/image/thumb/x/{w}x{h}bb.jpg',
  },
  previews: ['https://p.scdn.co/mp3-preview/1'],
};

describe('search results: the song a DJ queues', () => {
  it('an upload keeps its uploadService id, short id and gets its generated cover', () => {
    const queued = toQueuedSong(upload);
    expect(MinimalSongDto.parse(queued)).toEqual(queued);
    expect(queued.musicProviders).toEqual({ uploadService: 'abcdefghij' });
    expect(queued.songShortId).toBe('abcdefghij');
    expect(queued.thumbnails.uploadService).toBe('/api/song-service/songs/abcdefghij/cover.svg');
    expect(uploadCoverPath('abcdefghij')).toBe(queued.thumbnails.uploadService);
    expect(queued.playbackToken).toBeNull();
  });

  it('a catalogue song naming no provider is an upload: its short id becomes the uploadService id', () => {
    const song = { ...base, id: 3, songShortId: 'qrstuvwxyz' };
    expect(uploadIdOf(song)).toBe('qrstuvwxyz');
    expect(toQueuedSong(song).musicProviders).toEqual({ uploadService: 'qrstuvwxyz' });
  });

  it('a provider song keeps its providers, isrc and thumbnails, and no short id', () => {
    const queued = toQueuedSong(spotify);
    expect(queued.musicProviders).toEqual(spotify.musicProviders);
    expect(queued.thumbnails).toEqual(spotify.thumbnails);
    expect(queued.isrc).toBe('USRC17607839');
    expect(queued).not.toHaveProperty('songShortId');
    expect(uploadIdOf(spotify)).toBeNull();
  });

  it('an imported catalogue song with a provider is not taken for an upload', () => {
    const imported = { ...spotify, id: 9, songShortId: 'mnpqrstuvw' };
    expect(uploadIdOf(imported)).toBeNull();
    expect(toQueuedSong(imported).musicProviders).not.toHaveProperty('uploadService');
    expect(toQueuedSong(imported).songShortId).toBe('mnpqrstuvw');
  });
});

describe('search results: one list of pages', () => {
  it('keys results by short id or provider id and drops repeats across pages', () => {
    expect(resultKey(upload)).toBe('song:abcdefghij');
    expect(resultKey(spotify)).toBe('spotify:4uLU6hMCjMI75M1A2tKUQC');
    const list = flattenPages([
      { songs: [upload, spotify] },
      { songs: [spotify, { ...base, trackName: 'No id' }] },
    ]);
    expect(list.map((r) => r.key)).toEqual([
      'song:abcdefghij',
      'spotify:4uLU6hMCjMI75M1A2tKUQC',
      'at:1:1',
    ]);
  });
});
