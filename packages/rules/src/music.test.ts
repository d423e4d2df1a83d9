import type { MinimalSongDto, SongDto } from '@tt/protocol';
import { describe, expect, it } from 'vitest';
import {
  ARTWORK_SIZES,
  DEFAULT_ARTWORK_SIZE,
  SEVEN_DIGITAL_IMAGE_SIZES,
  SONG_MATCH_TOLERANCE_SECONDS,
  appleArtworkUrl,
  dedupeSongs,
  filterExplicit,
  filterPrivateSoundCloudTracks,
  interleaveResults,
  isSameSong,
  isUploadSong,
  matchesPrivateSoundCloudQuery,
  needsSongDataCompletion,
  normalizeSoundCloudText,
  pickArtworkSize,
  pickImageSize,
  pickSevenDigitalImageSize,
  sevenDigitalImageUrl,
  shareProviderId,
  shouldFilterExplicit,
  type MatchableSong,
} from './index';

const minimal = (over: Partial<MinimalSongDto> = {}): MinimalSongDto => ({
  artistName: 'Artist',
  trackName: 'Track',
  genre: null,
  duration: 200,
  isrc: null,
  musicProviders: {},
  playbackToken: null,
  thumbnails: {},
  ...over,
});

const fullSong = (over: Partial<SongDto> = {}): SongDto => ({
  id: 1,
  songShortId: 'abcdefghij',
  trackName: 'Track',
  artistName: 'Artist',
  genre: null,
  duration: 200,
  isrc: null,
  explicit: false,
  musicProviders: {},
  thumbnails: {},
  links: {},
  previews: [],
  streamUrls: {},
  albumName: null,
  releaseYear: null,
  status: 'VERIFIED',
  uploadedBy: null,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
  ...over,
});

describe('isSameSong', () => {
  it('matches on crate song id', () => {
    expect(
      isSameSong({ crateSongUuid: 'c1', trackName: 'A' }, { crateSongUuid: 'c1', trackName: 'B' }),
    ).toBe(true);
    expect(isSameSong({ crateSongUuid: 'c1' }, { crateSongUuid: 'c2' })).toBe(false);
  });

  it('matches on song id, reading crate songs songId and comparing as strings', () => {
    expect(isSameSong({ id: 5 }, { id: 5 })).toBe(true);
    expect(isSameSong({ id: 5 }, { songId: 5 })).toBe(true);
    expect(isSameSong({ songId: '5' }, { songId: 5 })).toBe(true);
    expect(isSameSong({ id: 5 }, { id: 6 })).toBe(false);
    expect(isSameSong({ id: 0 }, { id: 0 })).toBe(true);
    expect(isSameSong({ id: Number.NaN }, { id: Number.NaN })).toBe(false);
  });

  it('matches on short id', () => {
    expect(isSameSong({ songShortId: 'abcdefghij' }, { songShortId: 'abcdefghij' })).toBe(true);
    expect(isSameSong({ songShortId: 'abcdefghij' }, { songShortId: 'abcdefghik' })).toBe(false);
  });

  it('matches on isrc ignoring case and surrounding blanks', () => {
    expect(isSameSong({ isrc: 'USRC17607839' }, { isrc: 'usrc17607839 ' })).toBe(true);
    expect(isSameSong({ isrc: 'USRC17607839' }, { isrc: 'USRC17607840' })).toBe(false);
  });

  it('matches on a shared provider id only under the same provider key', () => {
    const a: MatchableSong = { musicProviders: { spotify: 'sp1', apple: 'ap1' } };
    expect(isSameSong(a, { musicProviders: { apple: 'ap1' } })).toBe(true);
    expect(shareProviderId(a, { musicProviders: { apple: 'ap1' } })).toBe(true);
    expect(isSameSong(a, { musicProviders: { apple: 'sp1' } })).toBe(false);
    expect(isSameSong(a, { musicProviders: { spotify: 'sp2', apple: 'ap2' } })).toBe(false);
    expect(isSameSong(a, { musicProviders: null })).toBe(false);
    expect(isSameSong({}, a)).toBe(false);
  });

  it('matches on names ignoring case within the duration tolerance', () => {
    const a = { trackName: 'Around the World', artistName: 'Daft Punk', duration: 200 };
    expect(
      isSameSong(a, { trackName: 'AROUND THE WORLD', artistName: 'daft punk', duration: 205 }),
    ).toBe(true);
    expect(
      isSameSong(a, { trackName: 'around the world', artistName: 'Daft Punk', duration: 195 }),
    ).toBe(true);
    expect(
      isSameSong(a, {
        trackName: 'Around the World',
        artistName: 'Daft Punk',
        duration: 200 + SONG_MATCH_TOLERANCE_SECONDS + 0.01,
      }),
    ).toBe(false);
    expect(isSameSong(a, { ...a, artistName: 'Daft Punks' })).toBe(false);
    expect(isSameSong(a, { ...a, trackName: 'Around the World (Remix)' })).toBe(false);
    expect(isSameSong(a, { ...a, duration: null })).toBe(false);
    expect(isSameSong(a, { trackName: a.trackName, artistName: a.artistName })).toBe(false);
  });

  it('never matches missing values against each other', () => {
    const empty: MatchableSong = {
      crateSongUuid: null,
      id: null,
      songId: undefined,
      songShortId: '',
      isrc: null,
      musicProviders: { spotify: '' },
      duration: 100,
      trackName: null,
      artistName: null,
    };
    expect(isSameSong(empty, { ...empty })).toBe(false);
    expect(isSameSong({}, {})).toBe(false);
    expect(isSameSong({ isrc: null }, { isrc: undefined })).toBe(false);
    expect(isSameSong({ isrc: '  ' }, { isrc: '  ' })).toBe(false);
    expect(
      isSameSong({ musicProviders: { spotify: null } }, { musicProviders: { spotify: null } }),
    ).toBe(false);
    expect(
      isSameSong(
        { trackName: '', artistName: '', duration: 1 },
        { trackName: '', artistName: '', duration: 1 },
      ),
    ).toBe(false);
  });

  it('is symmetric and accepts protocol DTOs', () => {
    const m = minimal({ isrc: 'X1', musicProviders: { apple: '1' } });
    const s = fullSong({ id: 9, isrc: 'X1' });
    expect(isSameSong(m, s)).toBe(true);
    expect(isSameSong(s, m)).toBe(true);
    // Different ids but same short id.
    expect(isSameSong(fullSong({ id: 1 }), fullSong({ id: 2 }))).toBe(true);
    expect(
      isSameSong(
        fullSong({ id: 1, songShortId: 'aaaaaaaaaa', trackName: 'X' }),
        fullSong({ id: 2, songShortId: 'bbbbbbbbbb', trackName: 'Y' }),
      ),
    ).toBe(false);
  });

  it('dedupeSongs keeps the first of each group', () => {
    const list = [
      { n: 1, isrc: 'A' },
      { n: 2, isrc: 'B' },
      { n: 3, isrc: 'a' },
      { n: 4, id: 7 },
      { n: 5, songId: 7 },
    ];
    expect(dedupeSongs(list).map((s) => s.n)).toEqual([1, 2, 4]);
    expect(dedupeSongs([])).toEqual([]);
  });
});

describe('interleaveResults', () => {
  const sd = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);
  const ot = (n: number) => Array.from({ length: n }, (_, i) => `o${i + 1}`);

  it('puts 5 sevenDigital results first, then alternates other, sevenDigital', () => {
    expect(interleaveResults(sd(8), ot(3))).toEqual([
      's1',
      's2',
      's3',
      's4',
      's5',
      'o1',
      's6',
      'o2',
      's7',
      'o3',
      's8',
    ]);
  });

  it('appends the rest of the longer side when the other runs out', () => {
    expect(interleaveResults(sd(6), ot(4))).toEqual([
      's1',
      's2',
      's3',
      's4',
      's5',
      'o1',
      's6',
      'o2',
      'o3',
      'o4',
    ]);
    expect(interleaveResults(sd(9), ot(1))).toEqual([
      's1',
      's2',
      's3',
      's4',
      's5',
      'o1',
      's6',
      's7',
      's8',
      's9',
    ]);
  });

  it('handles fewer than 5 sevenDigital results and empty sides', () => {
    expect(interleaveResults(sd(3), ot(2))).toEqual(['s1', 's2', 's3', 'o1', 'o2']);
    expect(interleaveResults([], ot(3))).toEqual(['o1', 'o2', 'o3']);
    expect(interleaveResults(sd(7), [])).toEqual(sd(7));
    expect(interleaveResults([], [])).toEqual([]);
  });

  it('keeps every item exactly once and does not modify its inputs', () => {
    const a = sd(12);
    const b = ot(9);
    const out = interleaveResults(a, b);
    expect(out).toHaveLength(21);
    expect([...out].sort()).toEqual([...a, ...b].sort());
    expect(a).toEqual(sd(12));
    expect(b).toEqual(ot(9));
  });

  it('accepts a custom head and an optional same-song de-duplication', () => {
    expect(interleaveResults(sd(3), ot(3), { head: 1 })).toEqual([
      's1',
      'o1',
      's2',
      'o2',
      's3',
      'o3',
    ]);
    expect(interleaveResults(sd(2), ot(2), { head: 0 })).toEqual(['o1', 's1', 'o2', 's2']);
    const seven = [
      { isrc: 'A', from: 'sd' },
      { isrc: 'B', from: 'sd' },
    ];
    const others = [
      { isrc: 'a', from: 'other' },
      { isrc: 'C', from: 'other' },
    ];
    expect(interleaveResults(seven, others, { isSame: isSameSong }).map((s) => s.isrc)).toEqual([
      'A',
      'B',
      'C',
    ]);
  });
});

describe('explicit filtering', () => {
  const songs = [
    { id: 1, explicit: true },
    { id: 2, explicit: false },
    { id: 3, explicit: null },
    { id: 4 },
  ];

  it('filters explicit songs out in a chat-platform activity unless allowed', () => {
    expect(filterExplicit(songs, true).map((s) => s.id)).toEqual([2, 3, 4]);
    expect(filterExplicit(songs, true, {}).map((s) => s.id)).toEqual([2, 3, 4]);
    expect(filterExplicit(songs, true, { allowExplicit: false }).map((s) => s.id)).toEqual([
      2, 3, 4,
    ]);
    expect(filterExplicit(songs, true, { allowExplicit: null }).map((s) => s.id)).toEqual([
      2, 3, 4,
    ]);
    expect(filterExplicit(songs, true, { allowExplicit: true }).map((s) => s.id)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('filters nothing outside a chat-platform activity', () => {
    expect(filterExplicit(songs, false).map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(filterExplicit(songs, false, { allowExplicit: false }).map((s) => s.id)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('returns a new array and works on SongDto', () => {
    const out = filterExplicit(songs, false);
    expect(out).not.toBe(songs);
    expect(filterExplicit([fullSong({ explicit: true })], true)).toEqual([]);
  });

  it('shouldFilterExplicit', () => {
    expect(shouldFilterExplicit(true)).toBe(true);
    expect(shouldFilterExplicit(true, null)).toBe(true);
    expect(shouldFilterExplicit(true, { allowExplicit: true })).toBe(false);
    expect(shouldFilterExplicit(false)).toBe(false);
  });
});

describe('private SoundCloud filter', () => {
  const tracks = [
    { id: 1, title: 'Daft Punk - One More Time', user: { username: 'someone' } },
    { id: 2, title: 'Night Drive', user: { username: 'DJ Shadow Fan' } },
    { id: 3, title: 'a b c', user: { username: 'x' } },
    { id: 4, title: null, user: null },
    { id: 5 },
  ];
  const ids = (q: string) => filterPrivateSoundCloudTracks(tracks, q).map((t) => t.id);

  it('removes only the first space and lowercases', () => {
    expect(normalizeSoundCloudText('A B C')).toBe('ab c');
    expect(normalizeSoundCloudText(' Lead')).toBe('lead');
    expect(normalizeSoundCloudText('NoSpace')).toBe('nospace');
  });

  it('matches the title ignoring case and the first space', () => {
    expect(ids('daft punk')).toEqual([1]);
    expect(ids('DAFTPUNK')).toEqual([1]);
    expect(ids('ONE')).toEqual([1]);
    // Only the first space of each side goes: "one more" → "onemore" is not in
    // "daftpunk - one more time" (whose first space is the one after "Daft").
    expect(ids('One More')).toEqual([]);
    expect(ids('night')).toEqual([2]);
  });

  it('matches the username', () => {
    expect(ids('dj shadow')).toEqual([2]);
    expect(ids('djshadow')).toEqual([2]);
    expect(ids('SOMEONE')).toEqual([1]);
  });

  it('ignores only the first space, not later ones', () => {
    // Title "a b c" → "ab c". Query "a b c" → "ab c" matches; "abc" and "ab c" (→ "abc") do not.
    expect(ids('a b c')).toEqual([3]);
    expect(ids('ab  c')).toEqual([3]);
    expect(ids('ab c')).toEqual([]);
    expect(ids('abc')).toEqual([]);
    expect(ids('b c')).toEqual([]);
  });

  it('keeps everything for an empty query and never matches missing fields', () => {
    expect(ids('')).toEqual([1, 2, 3, 4, 5]);
    expect(ids(' ')).toEqual([1, 2, 3, 4, 5]);
    expect(matchesPrivateSoundCloudQuery({}, 'x')).toBe(false);
    expect(matchesPrivateSoundCloudQuery({ title: null, user: { username: null } }, 'x')).toBe(
      false,
    );
    expect(ids('zzz')).toEqual([]);
  });
});

describe('needsSongDataCompletion', () => {
  const rich = {
    musicProviders: { spotify: 'sp', apple: 'ap' },
    thumbnails: { spotify: 'https://t/1', apple: 'https://t/2' },
    links: { spotify: 'https://l/1', apple: 'https://l/2' },
  };

  it('does not complete a crate song whose status is SUCCESS', () => {
    expect(needsSongDataCompletion({ status: 'SUCCESS' })).toBe(false);
    expect(needsSongDataCompletion(minimal({ status: 'SUCCESS' }))).toBe(false);
    expect(needsSongDataCompletion(minimal({ status: 'PENDING_REQUEST' }))).toBe(true);
    expect(needsSongDataCompletion(minimal({ status: 'FETCH_FAILED' }))).toBe(true);
  });

  it('does not complete uploads', () => {
    expect(
      needsSongDataCompletion(minimal({ musicProviders: { uploadService: 'abcdefghij' } })),
    ).toBe(false);
    expect(isUploadSong({ musicProviders: { uploadService: '' } })).toBe(false);
    expect(isUploadSong({ musicProviders: null })).toBe(false);
    expect(isUploadSong({})).toBe(false);
  });

  it('does not complete a song with at least 2 providers, thumbnails and links', () => {
    expect(needsSongDataCompletion(rich)).toBe(false);
    expect(needsSongDataCompletion(fullSong({ status: 'VERIFIED', ...rich }))).toBe(false);
  });

  it('completes when any of providers, thumbnails or links has fewer than 2 entries', () => {
    expect(needsSongDataCompletion({ ...rich, musicProviders: { spotify: 'sp' } })).toBe(true);
    expect(needsSongDataCompletion({ ...rich, thumbnails: { spotify: 'x' } })).toBe(true);
    expect(needsSongDataCompletion({ ...rich, links: {} })).toBe(true);
    expect(needsSongDataCompletion({ ...rich, links: undefined })).toBe(true);
    expect(needsSongDataCompletion({ ...rich, links: { spotify: 'x', apple: '' } })).toBe(true);
    expect(needsSongDataCompletion({})).toBe(true);
    // MinimalSongDto has no links, so it is completed unless SUCCESS or an upload.
    expect(
      needsSongDataCompletion(
        minimal({ musicProviders: rich.musicProviders, thumbnails: rich.thumbnails }),
      ),
    ).toBe(true);
  });
});

describe('artwork sizes', () => {
  it('exposes the artwork sizes of SONG-ART-1', () => {
    expect(ARTWORK_SIZES).toEqual([128, 256, 500, 1024]);
    expect(DEFAULT_ARTWORK_SIZE).toBe(256);
    expect(SEVEN_DIGITAL_IMAGE_SIZES).toEqual([33, 50, 100, 180, 182, 200, 350, 500, 800]);
  });

  it('picks the smallest size at least the wanted one, else the largest', () => {
    expect(pickArtworkSize()).toBe(256);
    expect(pickArtworkSize(1)).toBe(128);
    expect(pickArtworkSize(128)).toBe(128);
    expect(pickArtworkSize(129)).toBe(256);
    expect(pickArtworkSize(300)).toBe(500);
    expect(pickArtworkSize(1024)).toBe(1024);
    expect(pickArtworkSize(5000)).toBe(1024);
    expect(pickArtworkSize(0)).toBe(128);
    expect(pickArtworkSize(-5)).toBe(128);
    expect(pickArtworkSize(Number.NaN)).toBe(128);
    expect(pickArtworkSize(Number.POSITIVE_INFINITY)).toBe(128);
  });

  it('picks sevenDigital sizes', () => {
    expect(pickSevenDigitalImageSize()).toBe(350);
    expect(pickSevenDigitalImageSize(181)).toBe(182);
    expect(pickSevenDigitalImageSize(180)).toBe(180);
    expect(pickSevenDigitalImageSize(10)).toBe(33);
    expect(pickSevenDigitalImageSize(801)).toBe(800);
  });

  it('accepts unsorted lists and rejects empty ones', () => {
    expect(pickImageSize(60, [500, 50, 100])).toBe(100);
    expect(pickImageSize(600, [500, 50, 100])).toBe(500);
    expect(() => pickImageSize(60, [])).toThrow();
  });

  it('rewrites Apple artwork templates', () => {
    const tpl = 'https://is1-ssl.mzstatic.com/image/thumb/Music/v4/ab/cd/{w}x{h}bb.jpg';
    expect(appleArtworkUrl(tpl)).toBe(
      'https://is1-ssl.mzstatic.com/image/thumb/Music/v4/ab/cd/256x256bb.jpg',
    );
    expect(appleArtworkUrl(tpl, 1000)).toBe(
      'https://is1-ssl.mzstatic.com/image/thumb/Music/v4/ab/cd/1024x1024bb.jpg',
    );
    expect(appleArtworkUrl('https://x/{w}x{h}bb.{f}', 128)).toBe('https://x/128x128bb.jpg');
  });

  it('rewrites already-sized Apple URLs and leaves others alone', () => {
    expect(appleArtworkUrl('https://is1.mzstatic.com/image/thumb/a/b/100x100bb.jpg', 500)).toBe(
      'https://is1.mzstatic.com/image/thumb/a/b/500x500bb.jpg',
    );
    expect(appleArtworkUrl('https://x/a/60x60.png?x=1', 128)).toBe('https://x/a/128x128.png?x=1');
    expect(appleArtworkUrl('https://example.com/cover.jpg', 500)).toBe(
      'https://example.com/cover.jpg',
    );
  });

  it('rewrites sevenDigital image URLs', () => {
    const url =
      'https://artwork-cdn.7static.com/static/img/sleeveart/00/123/456/0012345678_350.jpg';
    expect(sevenDigitalImageUrl(url, 800)).toBe(
      'https://artwork-cdn.7static.com/static/img/sleeveart/00/123/456/0012345678_800.jpg',
    );
    expect(sevenDigitalImageUrl(url, 90)).toBe(
      'https://artwork-cdn.7static.com/static/img/sleeveart/00/123/456/0012345678_100.jpg',
    );
    expect(sevenDigitalImageUrl(url)).toBe(url);
    expect(sevenDigitalImageUrl('https://x/a_50.jpg?v=2', 1000)).toBe('https://x/a_800.jpg?v=2');
    expect(sevenDigitalImageUrl('https://x/a.jpg', 100)).toBe('https://x/a.jpg');
    expect(sevenDigitalImageUrl('https://x/a_50.png', 100)).toBe('https://x/a_50.png');
  });
});
