import { waitFor } from '@testing-library/react-native';
import { MSE_TYPE, openMseHls } from './web-hls';

/**
 * The web export's Media Source loader over a stand-in MediaSource (Jest has none): the playlist
 * and key are fetched with the token, segments without it, decrypted and placed at their start in
 * the song, from where the element is; a seek elsewhere loads from there.
 */

// Node's Web Crypto, as the browser's.
const subtle = globalThis.crypto.subtle;
const ORIGIN = 'https://api.example';
const PLAYLIST_URL = `${ORIGIN}/api/song-service/songs/abc/hls-playlist`;
const KEY_URL = `${ORIGIN}/api/song-service/songs/hls/key?songId=abc&exp=1&sig=s&uid=u`;
const KEY = new Uint8Array(16).map((_, i) => i + 1);
const IV = new Uint8Array(16).map((_, i) => 0xa0 + i);
const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
const DURATIONS = [6, 6, 6, 2.5];

const playlistText = [
  '#EXTM3U',
  '#EXT-X-TARGETDURATION:6',
  '#EXT-X-MEDIA-SEQUENCE:0',
  `#EXT-X-KEY:METHOD=AES-128,URI="${KEY_URL.slice(ORIGIN.length)}",IV=0x${hex(IV)}`,
  ...DURATIONS.flatMap((d, i) => [`#EXTINF:${d},`, `/api/song-service/songs/abc/hls/seg${i}.ts`]),
  '#EXT-X-ENDLIST',
].join('\n');

/** A SourceBuffer that knows each segment's length by its (decrypted) text, "segment <n>". */
class FakeSourceBuffer {
  mode = 'segments';
  updating = false;
  private offset = 0;
  private offsetSet = false;
  private groupEnd = 0;
  ranges: [number, number][] = [];
  /** Where each segment went: its text and its start in the song. */
  placed: { text: string; at: number; newOffset: boolean }[] = [];
  private listeners = new Map<string, Set<() => void>>();

  get timestampOffset() {
    return this.offset;
  }
  set timestampOffset(value: number) {
    this.offset = value;
    this.offsetSet = true;
  }
  get buffered() {
    const r = [...this.ranges].sort((a, b) => a[0] - b[0]);
    return { length: r.length, start: (i: number) => r[i][0], end: (i: number) => r[i][1] };
  }
  addEventListener(type: string, fn: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  removeEventListener(type: string, fn: () => void) {
    this.listeners.get(type)?.delete(fn);
  }
  private done() {
    setTimeout(() => {
      this.updating = false;
      for (const fn of [...(this.listeners.get('updateend') ?? [])]) fn();
    }, 0);
  }
  abort() {}
  appendBuffer(bytes: ArrayBuffer) {
    const text = new TextDecoder().decode(bytes);
    const n = Number(/segment (\d+)/.exec(text)![1]);
    const at = this.offsetSet ? this.offset : this.groupEnd;
    this.placed.push({ text, at, newOffset: this.offsetSet });
    this.offsetSet = false;
    this.groupEnd = at + DURATIONS[n];
    this.ranges.push([at, this.groupEnd]);
    this.updating = true;
    this.done();
  }
  remove(from: number, to: number) {
    this.ranges = this.ranges
      .map(([a, b]): [number, number] => [Math.max(a, to), b])
      .filter(([a, b]) => b > a && from <= a);
    this.updating = true;
    this.done();
  }
}

class FakeMediaSource {
  static isTypeSupported = (type: string) => type === MSE_TYPE;
  static last: FakeMediaSource;
  readyState: 'closed' | 'open' | 'ended' = 'closed';
  duration = NaN;
  buffers: FakeSourceBuffer[] = [];
  private opened: (() => void)[] = [];
  constructor() {
    FakeMediaSource.last = this;
  }
  addEventListener(type: string, fn: () => void) {
    if (type === 'sourceopen') this.opened.push(fn);
  }
  get sourceBuffers() {
    return this.readyState === 'closed' ? [] : this.buffers;
  }
  addSourceBuffer(type: string) {
    expect(type).toBe(MSE_TYPE);
    const sb = new FakeSourceBuffer();
    this.buffers.push(sb);
    return sb;
  }
  endOfStream() {
    this.readyState = 'ended';
  }
  /** What the element does when it is given the URL. */
  open() {
    this.readyState = 'open';
    this.buffers = [];
    for (const fn of this.opened) fn();
  }
  /** What an append after endOfStream() does: open again, the buffer kept. */
  reopen() {
    this.readyState = 'open';
    for (const fn of this.opened) fn();
  }
}

async function encrypt(text: string): Promise<ArrayBuffer> {
  const key = await subtle.importKey('raw', KEY, 'AES-CBC', false, ['encrypt']);
  return subtle.encrypt({ name: 'AES-CBC', iv: IV }, key, new TextEncoder().encode(text));
}

const requests: { url: string; auth: string | undefined }[] = [];
const fakeFetch = jest.fn(async (url: string, init?: RequestInit) => {
  const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
  requests.push({ url, auth });
  const seg = /seg(\d)\.ts$/.exec(url);
  const body: ArrayBuffer | string =
    url === PLAYLIST_URL
      ? playlistText
      : url === KEY_URL
        ? KEY.buffer
        : await encrypt(`segment ${seg![1]} of the song`);
  return {
    ok: true,
    status: 200,
    text: async () => body as string,
    arrayBuffer: async () => body as ArrayBuffer,
  } as unknown as Response;
});

const g = globalThis as unknown as { MediaSource: unknown };
beforeAll(() => {
  g.MediaSource = FakeMediaSource;
  URL.createObjectURL = jest.fn(() => 'blob:media-source');
  URL.revokeObjectURL = jest.fn();
});

test('plays from where the element is, decrypted and in place; a seek elsewhere loads from there', async () => {
  let position = 13;
  const source = await openMseHls(
    PLAYLIST_URL,
    { Authorization: 'Bearer t0k' },
    { fetch: fakeFetch, subtle, position: () => position, idleMs: 5 },
  );
  expect(source.uri).toBe('blob:media-source');
  const ms = FakeMediaSource.last;
  ms.open();
  expect(ms.duration).toBeCloseTo(20.5, 6);
  const sb = ms.buffers[0];
  expect(sb.mode).toBe('sequence');

  // A late join at 13 s: the segment playing then (the third), then the rest; nothing before.
  await waitFor(() => expect(ms.readyState).toBe('ended'));
  expect(sb.placed).toEqual([
    { text: 'segment 2 of the song', at: 12, newOffset: true },
    { text: 'segment 3 of the song', at: 18, newOffset: false },
  ]);

  // The element is sent back to 1 s: loading goes on from there, at its place in the song (the
  // append reopens the ended MediaSource, which keeps its one buffer).
  position = 1;
  ms.reopen();
  expect(ms.buffers).toHaveLength(1);
  await waitFor(() => expect(sb.placed).toHaveLength(4));
  expect(sb.placed.slice(2)).toEqual([
    { text: 'segment 0 of the song', at: 0, newOffset: true },
    { text: 'segment 1 of the song', at: 6, newOffset: false },
  ]);

  // The token goes with the playlist and the key (fetched once), never with a segment.
  expect(requests.filter((r) => r.url === KEY_URL)).toEqual([{ url: KEY_URL, auth: 'Bearer t0k' }]);
  expect(requests.find((r) => r.url === PLAYLIST_URL)?.auth).toBe('Bearer t0k');
  expect(requests.filter((r) => r.url.endsWith('.ts')).every((r) => !r.auth)).toBe(true);

  // Closed (the next song): no more loading, the URL is let go.
  source.close();
  expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:media-source');
  const fetched = fakeFetch.mock.calls.length;
  position = 19;
  await new Promise((r) => setTimeout(r, 30));
  expect(fakeFetch.mock.calls.length).toBe(fetched);
});

test('a playlist the server refuses is an error (the player shows it cannot play)', async () => {
  const refusing = jest.fn(async () => ({ ok: false, status: 403 }) as Response);
  await expect(
    openMseHls(PLAYLIST_URL, undefined, { fetch: refusing, subtle, position: () => 0 }),
  ).rejects.toThrow('HLS playlist answered 403');
});
