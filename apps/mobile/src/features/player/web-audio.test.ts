import { WebAudioPlayer, type AudioElementLike } from './web-audio';

/** An <audio> element stand-in that counts how often its source is set (each time reloads it). */
function fakeAudio() {
  const listeners = new Map<string, (() => void)[]>();
  let src = '';
  const el = {
    currentTime: 0,
    playbackRate: 1,
    paused: true,
    srcSets: 0,
    loads: 0,
    get src() {
      return src;
    },
    set src(value: string) {
      src = value;
      el.srcSets++;
    },
    play: jest.fn(async () => {
      el.paused = false;
    }),
    pause: jest.fn(() => {
      el.paused = true;
    }),
    load: jest.fn(() => {
      el.loads++;
    }),
    removeAttribute: jest.fn(() => {
      src = '';
    }),
    addEventListener: (type: string, fn: () => void) => {
      listeners.set(type, [...(listeners.get(type) ?? []), fn]);
    },
    fire: (type: string) => listeners.get(type)?.forEach((fn) => fn()),
  };
  return el;
}

test('a song’s source is set once: the element opens its MediaSource once', async () => {
  const el = fakeAudio();
  const player = new WebAudioPlayer(el as unknown as AudioElementLike);
  await player.replaceAsync({ uri: 'blob:song-1' });
  expect(el.src).toBe('blob:song-1');
  expect(el.srcSets).toBe(1);
  expect(el.loads).toBe(0);
  player.currentTime = 42;
  expect(el.currentTime).toBe(42);
  player.playbackRate = 1.02;
  expect(el.playbackRate).toBe(1.02);
});

test('the status follows the element, and listeners hear each change once', () => {
  const el = fakeAudio();
  const player = new WebAudioPlayer(el as unknown as AudioElementLike);
  const seen: string[] = [];
  const sub = player.addListener('statusChange', ({ status }) => seen.push(status));
  player.replace({ uri: 'blob:song-1' });
  el.fire('loadstart');
  el.fire('canplay');
  el.fire('playing');
  el.fire('waiting');
  el.fire('canplay');
  expect(seen).toEqual(['loading', 'readyToPlay', 'loading', 'readyToPlay']);
  expect(player.status).toBe('readyToPlay');
  player.play();
  expect(player.playing).toBe(true);
  sub.remove();
  el.fire('error');
  expect(seen).toHaveLength(4);
  expect(player.status).toBe('error');
});

test('a refused play() (autoplay rules) is no crash; no song empties the element', async () => {
  const el = fakeAudio();
  el.play.mockImplementationOnce(async () => {
    throw Object.assign(new Error('blocked'), { name: 'NotAllowedError' });
  });
  const player = new WebAudioPlayer(el as unknown as AudioElementLike);
  player.replace({ uri: 'blob:song-1' });
  player.play();
  await Promise.resolve();
  expect(player.playing).toBe(false);
  player.replace(null);
  expect(el.removeAttribute).toHaveBeenCalledWith('src');
  expect(el.loads).toBe(1);
  expect(player.status).toBe('idle');
});
