import { describe, expect, it, vi } from 'vitest';
import type { SongProvider } from '@tt/protocol';
import { PlaybackEngine } from './engine';
import { nowPlaying, song } from './testing';
import {
  createVendorProviders,
  DEFAULT_VENDOR_CONFIG,
  ScriptLoader,
  vendorProvidersFor,
  type VendorDeps,
} from './vendor/index';
import type { VendorElement } from './vendor/scripts';

const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

/** A page without a browser: scripts and boxes are recorded, nothing is fetched. */
function fakePage() {
  const scripts: VendorElement[] = [];
  const boxes: VendorElement[] = [];
  const listeners = new Map<string, () => void>();
  const element = (tag: string) => {
    const children: VendorElement[] = [];
    return {
      tag,
      children,
      appendChild: (n: VendorElement) => children.push(n),
    } as VendorElement & {
      tag: string;
      children: VendorElement[];
    };
  };
  const document = {
    createElement: element,
    head: { appendChild: (n: VendorElement) => scripts.push(n) },
    body: { appendChild: (n: VendorElement) => boxes.push(n) },
    addEventListener: (type: string, l: () => void) => listeners.set(type, l),
  };
  const global: Record<string, unknown> = {};
  const deps: VendorDeps = {
    scripts: new ScriptLoader(document),
    document,
    global,
    config: { ...DEFAULT_VENDOR_CONFIG, spotifyApiUrl: 'http://spotify.fake' },
  };
  return { scripts, boxes, listeners, global, deps };
}

describe('vendorProvidersFor (GET /search/sources)', () => {
  it('maps the configured sources to vendor players; uploads and others have none', () => {
    expect(vendorProvidersFor(['uploadService'])).toEqual([]);
    expect(
      vendorProvidersFor(['uploadService', 'youtube', 'soundcloud', 'spotify', 'apple', 'audius']),
    ).toEqual(['youtube', 'soundCloudPublic', 'spotify', 'apple']);
  });
});

describe('ScriptLoader', () => {
  it('injects a script once and lets a failed one be tried again', async () => {
    const page = fakePage();
    const a = page.deps.scripts.load('https://vendor.test/a.js');
    const again = page.deps.scripts.load('https://vendor.test/a.js');
    expect(again).toBe(a);
    expect(page.scripts).toHaveLength(1);
    expect(page.scripts[0]).toMatchObject({ src: 'https://vendor.test/a.js', async: true });
    page.scripts[0].onerror!();
    await expect(a).rejects.toThrow('Could not load https://vendor.test/a.js');
    void page.deps.scripts.load('https://vendor.test/a.js');
    expect(page.scripts).toHaveLength(2);
  });
});

describe('vendor players are loaded only when configured and chosen', () => {
  function engineWith(providers: SongProvider[], page = fakePage()) {
    const engine = new PlaybackEngine({
      logger: { error: vi.fn() },
      clock: () => 1_000_000,
      user: { loggedIn: true, connectedProviders: [] },
      tokens: { spotify: 'sp', soundcloud: 'sc' },
      resolveUrl: () => '/hls',
    });
    const vendors = createVendorProviders(providers as never, page.deps);
    for (const v of vendors) engine.register(v);
    return { engine, vendors, page };
  }

  it('registering loads nothing; the chosen one (youtube) loads alone and plays at the offset', async () => {
    const { engine, page, vendors } = engineWith([
      'spotify',
      'apple',
      'youtube',
      'soundCloudPublic',
    ]);
    expect(page.scripts).toHaveLength(0);
    await engine.play(null, 1_000_000);
    expect(page.scripts).toHaveLength(0);

    const play = engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    await flush();
    expect(page.scripts.map((s) => s.src)).toEqual([DEFAULT_VENDOR_CONFIG.scripts.youtube]);
    // The IFrame API arrives: it defines YT and calls the ready callback.
    const player = {
      loadVideoById: vi.fn(),
      playVideo: vi.fn(),
      stopVideo: vi.fn(),
      setVolume: vi.fn(),
    };
    const Player = vi.fn(function (
      _el: unknown,
      opts: { events: { onReady: (e: unknown) => void } },
    ) {
      setTimeout(() => opts.events.onReady({ target: player }));
      return player;
    });
    page.global.YT = { Player };
    page.scripts[0].onload!();
    (page.global.onYouTubeIframeAPIReady as () => void)();
    await play;
    await flush();
    expect(player.loadVideoById).toHaveBeenCalledWith({ videoId: 'y1', startSeconds: 50 });
    expect(player.playVideo).toHaveBeenCalled();
    expect(Player.mock.calls[0][1]).toMatchObject({ host: DEFAULT_VENDOR_CONFIG.youtubeHost });
    expect(vendors.find((v) => v.name === 'youtube')!.loaded()).toBe(true);
    expect(vendors.filter((v) => v.loaded())).toHaveLength(1);

    // An upload-only song: the youtube player stops, no other script is loaded.
    engine.register({ name: 'uploadService', play: vi.fn(), stop: vi.fn(), setVolume: vi.fn() });
    await engine.play(
      nowPlaying(song({ musicProviders: { uploadService: 'u' } }), 1_300_000),
      1_160_000,
    );
    expect(player.stopVideo).toHaveBeenCalled();
    expect(page.scripts).toHaveLength(1);
  });

  it('a provider that is not configured is never loaded (youtube song, only spotify configured)', async () => {
    const { engine, page } = engineWith(['spotify']);
    await engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    await flush();
    expect(page.scripts).toHaveLength(0);
  });

  it('Spotify: the SDK device is told to play the track from the offset through the Web API', async () => {
    const page = fakePage();
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    page.deps.fetch = fetch;
    const listeners = new Map<string, (d: { device_id?: string }) => void>();
    const sdkPlayer = {
      connect: vi.fn(async () => {
        setTimeout(() => listeners.get('ready')!({ device_id: 'dev 1' }));
        return true;
      }),
      addListener: (e: string, l: (d: { device_id?: string }) => void) => listeners.set(e, l),
      pause: vi.fn(async () => undefined),
      setVolume: vi.fn(async () => undefined),
    };
    const [spotify] = createVendorProviders(['spotify'], page.deps);
    const playing = spotify.play!({ song: song(), offsetSeconds: 12.5, id: 's1', token: 'sp' });
    await flush();
    expect(page.scripts[0].src).toBe(DEFAULT_VENDOR_CONFIG.scripts.spotify);
    page.global.Spotify = {
      Player: vi.fn(function () {
        return sdkPlayer;
      }),
    };
    page.scripts[0].onload!();
    (page.global.onSpotifyWebPlaybackSDKReady as () => void)();
    await playing;
    expect(fetch).toHaveBeenCalledWith('http://spotify.fake/v1/me/player/play?device_id=dev%201', {
      method: 'PUT',
      headers: { Authorization: 'Bearer sp', 'Content-Type': 'application/json' },
      body: JSON.stringify({ uris: ['spotify:track:s1'], position_ms: 12500 }),
    });
    await spotify.stop();
    expect(sdkPlayer.pause).toHaveBeenCalled();
  });

  it('Apple without a developer token: the configuration error, and no script', async () => {
    const page = fakePage();
    const [apple] = createVendorProviders(['apple'], page.deps);
    await expect(apple.play!({ song: song(), offsetSeconds: 0, id: 'a1' })).rejects.toThrow(
      /^configuration-value-missing key:VITE_APPLE_DEVELOPER_TOKEN$/,
    );
    expect(page.scripts).toHaveLength(0);
  });

  it('Apple with a token: MusicKit queues the song, plays and seeks to the offset', async () => {
    const page = fakePage();
    page.deps.config = { ...page.deps.config, appleDeveloperToken: 'dev-token' };
    const music = {
      isAuthorized: true,
      volume: 1,
      authorize: vi.fn(),
      setQueue: vi.fn(async () => undefined),
      play: vi.fn(async () => undefined),
      seekToTime: vi.fn(async () => undefined),
      stop: vi.fn(),
    };
    const configure = vi.fn(async () => music);
    const [apple] = createVendorProviders(['apple'], page.deps);
    apple.setVolume(0.3);
    const playing = apple.play!({ song: song(), offsetSeconds: 20, id: 'a1' });
    await flush();
    page.global.MusicKit = { configure };
    page.scripts[0].onload!();
    await playing;
    expect(configure.mock.calls[0]).toEqual([
      { developerToken: 'dev-token', app: { name: 'Turntable LIVE', build: '1' } },
    ]);
    expect(music.setQueue).toHaveBeenCalledWith({ song: 'a1' });
    expect(music.seekToTime).toHaveBeenCalledWith(20);
    expect(music.volume).toBe(0.3);
  });

  it('SoundCloud: the widget loads the track, seeks to the offset and plays', async () => {
    const page = fakePage();
    const widget = {
      bind: vi.fn((_e: string, l: () => void) => setTimeout(l)),
      load: vi.fn(),
      play: vi.fn(),
      pause: vi.fn(),
      seekTo: vi.fn(),
      setVolume: vi.fn(),
    };
    const Widget = Object.assign(
      vi.fn(() => widget),
      { Events: { READY: 'ready' } },
    );
    const [sc] = createVendorProviders(['soundCloudPublic'], page.deps);
    const playing = sc.play!({ song: song(), offsetSeconds: 3, id: '123', token: 'sc' });
    await flush();
    page.global.SC = { Widget };
    page.scripts[0].onload!();
    await playing;
    const iframe = (page.boxes[0] as { children: VendorElement[] }).children[0];
    expect(iframe.src).toBe(
      `${DEFAULT_VENDOR_CONFIG.soundcloudWidgetUrl}?url=${encodeURIComponent('https://api.soundcloud.com/tracks/123')}&auto_play=false`,
    );
    expect(widget.seekTo).toHaveBeenCalledWith(3000);
    expect(widget.play).toHaveBeenCalled();
  });

  it('a stop while the vendor script loads cancels that play', async () => {
    const page = fakePage();
    const [yt] = createVendorProviders(['youtube'], page.deps);
    const player = {
      loadVideoById: vi.fn(),
      playVideo: vi.fn(),
      stopVideo: vi.fn(),
      setVolume: vi.fn(),
    };
    const playing = yt.play!({ song: song(), offsetSeconds: 0, id: 'y1' });
    await flush();
    yt.stop();
    page.global.YT = {
      Player: function (_el: unknown, o: { events: { onReady: (e: unknown) => void } }) {
        setTimeout(() => o.events.onReady({ target: player }));
      },
    };
    page.scripts[0].onload!();
    (page.global.onYouTubeIframeAPIReady as () => void)();
    await playing;
    expect(player.loadVideoById).not.toHaveBeenCalled();
  });
});
