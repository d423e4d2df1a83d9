// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { sampleState } from '@tt/room-client/testing';
import { ERRORS, type ClientRoomState, type LiveAudioServerMessage } from '@tt/protocol';
import { useSession } from '../../../lib/session';
import { testI18n } from '../../../testing/i18n';
import { LiveAudioPanel } from './LiveAudioPanel';
import { agoraTag } from './agora';

/**
 * LIVE-AUDIO-15: with Agora on, the panel's audio goes through Agora's SDK (mocked here: the
 * Agora network cannot be reached), the control stays on the built-in socket, and the tokens
 * come from the server's token route (a stubbed fetch answering as the server does).
 */

const sdk = vi.hoisted(() => {
  const mic = { close: vi.fn() };
  const client = {
    on: vi.fn(),
    join: vi.fn(async () => 1),
    renewToken: vi.fn(async () => undefined),
    publish: vi.fn(async () => undefined),
    unpublish: vi.fn(async () => undefined),
    subscribe: vi.fn(),
    leave: vi.fn(async () => undefined),
    removeAllListeners: vi.fn(),
    remoteUsers: [] as unknown[],
  };
  const rtc = {
    createClient: vi.fn(() => client),
    createMicrophoneAudioTrack: vi.fn(async () => mic),
    setLogLevel: vi.fn(),
    onAutoplayFailed: undefined as unknown,
  };
  return { mic, client, rtc, loaded: 0 };
});
vi.mock('agora-rtc-sdk-ng', () => {
  sdk.loaded++;
  return { default: sdk.rtc };
});

/**
 * LIVE-AUDIO-17: the built-in path's encoder and player (WebCodecs and Web Audio, which jsdom
 * lacks): a microphone whose packets the test hands over, and speakers that record what they play.
 */
const codec = vi.hoisted(() => ({
  mics: [] as { send: (packets: string[]) => void; stopped: boolean }[],
  played: [] as { from: string; packets: string[] }[],
}));
vi.mock('./codec', () => ({
  liveAudioSupported: () => true,
  Microphone: class {
    stopped = false;
    constructor(readonly send: (packets: string[]) => void) {
      codec.mics.push(this);
    }
    start = async () => undefined;
    stop = async () => {
      this.stopped = true;
    };
  },
  Speakers: class {
    blocked = false;
    push(from: string, packets: string[]) {
      codec.played.push({ from, packets });
    }
    setMuted() {}
    resume = async () => undefined;
    level = () => 0;
    drop() {}
    close() {}
  },
}));

const APP_ID = '0123456789abcdef0123456789abcdef';
const ROOM = '11111111-2222-4333-8444-555555555555';
const REFUSAL = ERRORS.LIVE_AUDIO_SPEAK_FORBIDDEN.message;

/** The live-audio socket: what the page sent, and a way to answer as the server. */
class FakeWs {
  static OPEN = 1;
  static last: FakeWs | null = null;
  readyState = 0;
  sent: { type: string }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: URL) {
    FakeWs.last = this;
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type: string });
  }
  close() {
    this.readyState = 3;
  }
  receive(m: LiveAudioServerMessage) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

let agoraOn = true;
let publisherRefused = false;
const tokenCalls: { role: string; channelName: string; uid: number }[] = [];
const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  if (url.endsWith('/api/user-service/agora/config')) {
    return json(200, agoraOn ? { appId: APP_ID } : {});
  }
  if (url.endsWith('/api/user-service/agora/token')) {
    const body = JSON.parse(String(init?.body)) as (typeof tokenCalls)[number];
    tokenCalls.push(body);
    if (body.role === 'PUBLISHER' && publisherRefused) {
      return json(403, { code: 'LIVE_AUDIO_SPEAK_FORBIDDEN', message: REFUSAL });
    }
    return json(200, {
      token: `007-${body.role}`,
      appId: APP_ID,
      channelName: body.channelName,
      uid: body.uid,
      role: body.role,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
  }
  return json(404, { message: 'not found' });
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  agoraOn = true;
  publisherRefused = false;
  tokenCalls.length = 0;
  codec.mics.length = 0;
  codec.played.length = 0;
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchStub);
  vi.stubGlobal('WebSocket', FakeWs);
  useSession.setState({ accessToken: 'session-token' });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  FakeWs.last = null;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useSession.setState({ accessToken: null, guestToken: null });
});

const dj = { uuid: 'd', roles: ['user'], isGuest: false };
function room(): ClientRoomState {
  const base = sampleState();
  return sampleState({
    djs: [{ uuid: 'd', tokenRole: 'user', highestRole: undefined, canDj: true, nextSong: null }],
    settings: { ...base.settings, uuid: ROOM, liveAudio: true, roomRoles: [] },
  });
}

const guest = { uuid: null, roles: [], isGuest: true };

async function render(me: typeof dj | typeof guest = dj) {
  const i18n = await testI18n('en');
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root.render(
      <QueryClientProvider client={queries}>
        <I18nextProvider i18n={i18n}>
          <LiveAudioPanel state={room()} me={me} />
        </I18nextProvider>
      </QueryClientProvider>,
    ),
  );
  await expect.poll(() => FakeWs.last?.sent[0]).toEqual({ type: 'join', roomUuid: ROOM });
  act(() =>
    FakeWs.last!.receive({ type: 'ready', roomUuid: ROOM, userUuid: me.uuid ?? 'guest-1' }),
  );
}

/** Someone's Opus packets relayed on the built-in socket. */
const voice: LiveAudioServerMessage = { type: 'audio', from: 'x', seq: 1, packets: ['T3B1cw=='] };

const q = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const click = (id: string) => act(() => q(id)!.click());
/** Talk, then the server lets this person on the mic (LIVE-AUDIO-2). */
async function talk() {
  click('live-audio-talk');
  expect(FakeWs.last!.sent.at(-1)).toEqual({ type: 'speak' });
  await act(async () => FakeWs.last!.receive({ type: 'speaking' }));
}

describe('LIVE-AUDIO-15: live audio through Agora on the web', () => {
  it('LIVE-AUDIO-15: with Agora off the SDK is not loaded and the built-in path is kept', async () => {
    agoraOn = false;
    vi.stubGlobal('AudioEncoder', class {});
    vi.stubGlobal('AudioDecoder', class {});
    vi.stubGlobal(
      'AudioContext',
      class {
        state = 'running';
        createGain = () => ({ connect: vi.fn(), gain: { value: 1 } });
        createAnalyser = () => ({ connect: vi.fn(), getFloatTimeDomainData: vi.fn() });
        destination = {};
        close = vi.fn(async () => undefined);
        resume = vi.fn(async () => undefined);
      },
    );
    await render();
    expect(q('live-audio')?.dataset.status).toBe('ready');
    expect(q('live-audio-agora')).toBeNull();
    expect(tokenCalls).toEqual([]);
    expect(sdk.loaded).toBe(0);
    expect(sdk.rtc.createClient).not.toHaveBeenCalled();
  });

  it('LIVE-AUDIO-15: a listener joins channel = room uuid with the SUBSCRIBER token of the route', async () => {
    await render();
    await expect.poll(() => sdk.client.join.mock.calls.length).toBe(1);
    expect(tokenCalls).toEqual([
      { channelName: ROOM, uid: expect.any(Number), role: 'SUBSCRIBER' },
    ]);
    expect(sdk.client.join).toHaveBeenCalledWith(
      APP_ID,
      ROOM,
      '007-SUBSCRIBER',
      tokenCalls[0]!.uid,
    );
    expect(q('live-audio-agora')?.textContent).toBe('Live audio via Agora');
    expect(sdk.client.on).toHaveBeenCalledWith('token-privilege-will-expire', expect.any(Function));
  });

  it('LIVE-AUDIO-15: Talk fetches a PUBLISHER token, then publishes the microphone; Stop unpublishes', async () => {
    await render();
    await expect.poll(() => sdk.client.join.mock.calls.length).toBe(1);
    await talk();
    await expect.poll(() => sdk.client.publish.mock.calls.length).toBe(1);
    expect(tokenCalls.map((c) => c.role)).toEqual(['SUBSCRIBER', 'PUBLISHER']);
    expect(tokenCalls[1]).toMatchObject({ channelName: ROOM, uid: tokenCalls[0]!.uid });
    expect(sdk.client.renewToken).toHaveBeenCalledWith('007-PUBLISHER');
    const renewedAt = sdk.client.renewToken.mock.invocationCallOrder[0]!;
    expect(renewedAt).toBeLessThan(sdk.client.publish.mock.invocationCallOrder[0]!);
    expect(sdk.client.publish).toHaveBeenCalledWith(sdk.mic);
    await expect.poll(() => q('live-audio-stop')?.textContent).toBe('Stop talking');

    click('live-audio-stop');
    expect(FakeWs.last!.sent.at(-1)).toEqual({ type: 'stop' });
    await expect.poll(() => sdk.client.unpublish.mock.calls.length).toBe(1);
    expect(sdk.client.unpublish).toHaveBeenCalledWith(sdk.mic);
    expect(sdk.mic.close).toHaveBeenCalled();
    expect(q('live-audio-talk')).not.toBeNull();
  });

  it('LIVE-AUDIO-15: a 403 from the token route shows the refusal and nothing is published', async () => {
    publisherRefused = true;
    await render();
    await expect.poll(() => sdk.client.join.mock.calls.length).toBe(1);
    await talk();
    await expect.poll(() => q('live-audio-error')?.textContent).toBe(REFUSAL);
    expect(sdk.client.publish).not.toHaveBeenCalled();
    expect(sdk.rtc.createMicrophoneAudioTrack).not.toHaveBeenCalled();
    expect(FakeWs.last!.sent.at(-1)).toEqual({ type: 'stop' });
  });

  it('LIVE-AUDIO-15: the token is renewed when Agora says it will expire; mute silences the voices', async () => {
    await render();
    await expect.poll(() => sdk.client.join.mock.calls.length).toBe(1);
    const willExpire = sdk.client.on.mock.calls.find(
      ([event]) => event === 'token-privilege-will-expire',
    )![1] as () => void;
    act(() => willExpire());
    await expect.poll(() => sdk.client.renewToken.mock.calls).toEqual([['007-SUBSCRIBER']]);
    expect(tokenCalls.map((c) => c.role)).toEqual(['SUBSCRIBER', 'SUBSCRIBER']);

    const voice = { setVolume: vi.fn(), getVolumeLevel: () => 0, play: vi.fn() };
    sdk.client.remoteUsers = [{ uid: 7, audioTrack: voice }];
    click('live-audio-mute');
    expect(voice.setVolume).toHaveBeenLastCalledWith(0);
    click('live-audio-mute');
    expect(voice.setVolume).toHaveBeenLastCalledWith(100);
    sdk.client.remoteUsers = [];
  });

  it('LIVE-AUDIO-15: a cut from a moderator unpublishes', async () => {
    await render();
    await expect.poll(() => sdk.client.join.mock.calls.length).toBe(1);
    await talk();
    await expect.poll(() => sdk.client.publish.mock.calls.length).toBe(1);
    await act(async () => FakeWs.last!.receive({ type: 'cut' }));
    await expect.poll(() => sdk.client.unpublish.mock.calls.length).toBe(1);
  });
});

describe('LIVE-AUDIO-17: the built-in copy beside Agora (phones, guests, a failed join)', () => {
  it('LIVE-AUDIO-17: a talker in Agora mode publishes to Agora and also sends built-in packets', async () => {
    await render();
    await expect.poll(() => sdk.client.join.mock.calls.length).toBe(1);
    await talk();
    await expect.poll(() => sdk.client.publish.mock.calls.length).toBe(1);
    await expect.poll(() => codec.mics.length).toBe(1);
    act(() => codec.mics[0]!.send(['AAEC']));
    expect(FakeWs.last!.sent.at(-1)).toEqual({ type: 'audio', seq: 1, packets: ['AAEC'] });
    expect(q('live-audio-fallback')).toBeNull();

    click('live-audio-stop');
    await expect.poll(() => sdk.client.unpublish.mock.calls.length).toBe(1);
    expect(codec.mics[0]!.stopped).toBe(true);
  });

  it('LIVE-AUDIO-17: a listener who joined Agora ignores the built-in frames of voices in the channel', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await render();
    await expect.poll(() => sdk.client.join.mock.calls.length).toBe(1);
    // This visit's uid carries the person's tag, so others can tell it is in the channel.
    expect(tokenCalls[0]!.uid >>> 12).toBe(agoraTag('d'));
    // Past the join timeout: joined, so no fallback.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(q('live-audio-fallback')).toBeNull();
    expect(q('live-audio-agora')).not.toBeNull();
    sdk.client.remoteUsers = [{ uid: ((agoraTag('x') << 12) | 7) >>> 0 }];
    act(() => FakeWs.last!.receive(voice));
    act(() => FakeWs.last!.receive(voice));
    expect(codec.played).toEqual([]);
    // A talker whose own Agora join failed is not in the channel: their packets are played.
    act(() => FakeWs.last!.receive({ ...voice, from: 'y' } as LiveAudioServerMessage));
    expect(codec.played).toEqual([{ from: 'y', packets: ['T3B1cw=='] }]);
    sdk.client.remoteUsers = [];
  });

  it('LIVE-AUDIO-17: a guest in Agora mode asks no Agora token and plays the built-in packets', async () => {
    useSession.setState({ accessToken: null, guestToken: 'guest-token' });
    await render(guest);
    expect(FakeWs.last!.url.searchParams.get('token')).toBe('guest-token');
    act(() => FakeWs.last!.receive(voice));
    expect(codec.played).toEqual([{ from: 'x', packets: ['T3B1cw=='] }]);
    expect(tokenCalls).toEqual([]);
    expect(sdk.rtc.createClient).not.toHaveBeenCalled();
    expect(q('live-audio-agora')).toBeNull();
  });

  it('LIVE-AUDIO-17: a join that never resolves falls back to the built-in path after 8 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    sdk.client.join.mockImplementationOnce(() => new Promise<number>(() => undefined));
    await render();
    await expect.poll(() => sdk.client.join.mock.calls.length).toBe(1);
    act(() => FakeWs.last!.receive(voice));
    expect(codec.played).toEqual([]);
    expect(q('live-audio-fallback')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(8_000);
    });
    await expect
      .poll(() => q('live-audio-fallback')?.textContent)
      .toBe('Agora could not be reached, so live audio uses the built-in connection.');
    expect(q('live-audio-agora')).toBeNull();
    expect(q('live-audio-error')).toBeNull();
    expect(sdk.client.leave).toHaveBeenCalled();
    act(() => FakeWs.last!.receive(voice));
    expect(codec.played).toEqual([{ from: 'x', packets: ['T3B1cw=='] }]);

    // Talk then goes on the built-in path alone.
    await talk();
    await expect.poll(() => codec.mics.length).toBe(1);
    await expect.poll(() => q('live-audio-stop')?.textContent).toBe('Stop talking');
    act(() => codec.mics[0]!.send(['AAEC']));
    expect(FakeWs.last!.sent.at(-1)).toEqual({ type: 'audio', seq: 1, packets: ['AAEC'] });
    expect(sdk.client.publish).not.toHaveBeenCalled();
    expect(tokenCalls.map((c) => c.role)).toEqual(['SUBSCRIBER']);
  });
});
