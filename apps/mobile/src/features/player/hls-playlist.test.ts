import {
  evictBefore,
  ivOf,
  nextSegment,
  parsePlaylist,
  segmentAt,
  type HlsPlaylist,
} from './hls-playlist';

const URL_ = 'https://api.example/api/song-service/songs/abc/hls-playlist';

/** What the server sends: ffmpeg's VOD playlist, segment and key URIs rewritten (absolute paths). */
const PLAYLIST = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-TARGETDURATION:6',
  '#EXT-X-MEDIA-SEQUENCE:0',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXT-X-KEY:METHOD=AES-128,URI="/api/song-service/songs/hls/key?songId=abc&exp=1&sig=s&uid=u",IV=0x0000000000000000000000000000abcd',
  '#EXTINF:6.000000,',
  '/api/song-service/songs/abc/hls/seg00000.ts',
  '#EXTINF:6.000000,',
  '/api/song-service/songs/abc/hls/seg00001.ts',
  '#EXTINF:6.000000,',
  'seg00002.ts',
  '#EXTINF:2.500000,',
  'seg00003.ts',
  '#EXT-X-ENDLIST',
].join('\n');

describe('parsePlaylist', () => {
  it('reads segments with their place in the song, absolute URIs and the key', () => {
    const p = parsePlaylist(PLAYLIST, URL_);
    expect(p.duration).toBeCloseTo(20.5, 6);
    expect(p.segments.map((s) => s.start)).toEqual([0, 6, 12, 18]);
    expect(p.segments[0].uri).toBe(
      'https://api.example/api/song-service/songs/abc/hls/seg00000.ts',
    );
    expect(p.segments[2].uri).toBe('https://api.example/api/song-service/songs/abc/seg00002.ts');
    expect(p.segments[3]).toMatchObject({ duration: 2.5, sequence: 3 });
    expect(p.segments[0].key?.uri).toBe(
      'https://api.example/api/song-service/songs/hls/key?songId=abc&exp=1&sig=s&uid=u',
    );
    expect([...ivOf(p.segments[1])].slice(12)).toEqual([0, 0, 0xab, 0xcd]);
  });

  it('without an IV, a segment’s IV is its media sequence number', () => {
    const p = parsePlaylist(
      PLAYLIST.replace(',IV=0x0000000000000000000000000000abcd', '').replace(
        'SEQUENCE:0',
        'SEQUENCE:300',
      ),
      URL_,
    );
    expect(p.segments[0].key?.iv).toBeNull();
    // 301 = 0x012d
    expect([...ivOf(p.segments[1])]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0x2d]);
  });

  it('refuses encryption it cannot play', () => {
    expect(() =>
      parsePlaylist(PLAYLIST.replace('METHOD=AES-128', 'METHOD=SAMPLE-AES'), URL_),
    ).toThrow(/SAMPLE-AES/);
  });
});

describe('which segment to fetch', () => {
  const p: HlsPlaylist = parsePlaylist(PLAYLIST, URL_);

  it('the one playing at a position, the last one past the end', () => {
    expect(segmentAt(p, 0)).toBe(0);
    expect(segmentAt(p, 6)).toBe(1);
    expect(segmentAt(p, 17.9)).toBe(2);
    expect(segmentAt(p, 99)).toBe(3);
  });

  it('starts where the player is (a late join), not at the beginning', () => {
    expect(nextSegment(p, [], 13.2)).toBe(2);
  });

  it('goes on with the first missing segment within the window ahead, then waits', () => {
    const window = { ahead: 7, behind: 20 };
    expect(nextSegment(p, [[12, 18]], 13, window)).toBe(3);
    expect(nextSegment(p, [[0, 12]], 1, window)).toBeNull();
    expect(nextSegment(p, [[12, 20.5]], 13, window)).toBeNull();
  });

  it('after a seek outside the buffer, loads from there', () => {
    expect(nextSegment(p, [[0, 12]], 19)).toBe(3);
  });

  it('lets go of what is far enough behind the position', () => {
    expect(evictBefore([[0, 60]], 50, { ahead: 45, behind: 20 })).toBe(30);
    expect(evictBefore([[29.5, 60]], 50, { ahead: 45, behind: 20 })).toBeNull();
    expect(evictBefore([], 50)).toBeNull();
  });
});
