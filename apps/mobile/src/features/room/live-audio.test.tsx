import { act, fireEvent, render, screen, waitFor } from '@testing-library/react-native';
import {
  LIVE_AUDIO_DUCK_FACTOR,
  type ClientRoomState,
  type LiveAudioServerMessage,
} from '@tt/protocol';
import { initialRoomState, type RoomStoreApi, type RoomStoreState } from '@tt/room-client';
import { sampleState } from '@tt/room-client/testing';
import { queryClient } from '../../lib/queryClient';
import RoomPlayer from '../player/RoomPlayer';
import { fakeFetch, Providers } from '../dj/testing';
import { liveAudioStore } from './live-audio-session';
import { LiveAudioStrip } from './LiveAudioStrip';

/**
 * LIVE-AUDIO-3, LIVE-AUDIO-8, LIVE-AUDIO-12 on the phone: the strip shows who talks (state over
 * the live-audio socket), raises and lowers my hand, plays the room's MP3 listen stream (with the
 * token) in a second expo-video player while someone talks, and the song player ducks meanwhile.
 */

interface FakePlayer {
  volume: number;
  currentTime: number;
  playbackRate: number;
  playing: boolean;
  status: string;
  staysActiveInBackground: boolean;
  showNowPlayingNotification: boolean;
  loop: boolean;
  play: jest.Mock;
  pause: jest.Mock;
  replace: jest.Mock;
  replaceAsync: jest.Mock;
  addListener: jest.Mock;
}
const mockPlayers: FakePlayer[] = [];

jest.mock('expo-video', () => {
  const { useState } = jest.requireActual<typeof import('react')>('react');
  return {
    useVideoPlayer: (_source: unknown, setup: (p: unknown) => void) => {
      const [player] = useState(() => {
        const p: FakePlayer = {
          volume: 1,
          currentTime: 0,
          playbackRate: 1,
          playing: false,
          status: 'idle',
          staysActiveInBackground: false,
          showNowPlayingNotification: false,
          loop: true,
          play: jest.fn(() => void (p.playing = true)),
          pause: jest.fn(() => void (p.playing = false)),
          replace: jest.fn(),
          replaceAsync: jest.fn(async () => {}),
          addListener: jest.fn(() => ({ remove: jest.fn() })),
        };
        setup(p);
        mockPlayers.push(p);
        return p;
      });
      return player;
    },
    VideoView: () => null,
  };
});

const ME = 'aaaaaaaa-0000-4000-8000-00000000000a';
const DJ = 'bbbbbbbb-0000-4000-8000-00000000000b';
const ROOM = 'cccccccc-0000-4000-8000-00000000000c';
jest.mock('../../lib/token', () => ({ currentToken: () => 'tok-1' }));
jest.mock('../../lib/session', () => ({
  useSession: () => ({ kind: 'user', token: 'tok-1', uuid: ME, roles: ['user'] }),
}));

/** The live-audio websocket, as React Native's WebSocket: records what the strip sends. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(m: LiveAudioServerMessage) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

const api = fakeFetch((url) =>
  url.endsWith('/users/profile')
    ? [200, { uuid: ME, emailVerified: true, capabilities: [] }]
    : [200, {}],
);

const room: ClientRoomState = sampleState({
  settings: {
    uuid: ROOM,
    slug: 'late-night',
    name: 'Late Night',
    djType: 'EVERYONE',
    roomRoles: [],
    liveAudio: true,
  } as unknown as ClientRoomState['settings'],
  allUserData: {
    [ME]: { userProfile: { uuid: ME, nickname: 'Ana Beat' }, songVotes: {} },
    [DJ]: { userProfile: { uuid: DJ, nickname: 'Dj Nova' }, songVotes: {} },
  } as never,
});

function songStore(): RoomStoreApi {
  let state: RoomStoreState = {
    ...initialRoomState,
    status: 'joined',
    state: { nowPlaying: null } as unknown as ClientRoomState,
    serverTimeOffset: 0,
  };
  return { getState: () => state, setState: (p) => void (state = { ...state, ...p }) };
}

const socket = () => FakeSocket.all[FakeSocket.all.length - 1];
const state = (speakers: string[], hands: string[] = []) =>
  act(async () => socket().receive({ type: 'state', speakers, hands, invited: [] }));

async function show() {
  await render(
    <Providers>
      <RoomPlayer store={songStore()} voiceRoom={ROOM} />
      <LiveAudioStrip state={room} />
    </Providers>,
  );
  await waitFor(() => expect(FakeSocket.all.length).toBe(1));
  await act(async () => socket().open());
  await act(async () => socket().receive({ type: 'ready', roomUuid: ROOM, userUuid: ME }));
}

const songPlayer = () => mockPlayers.find((p) => p.showNowPlayingNotification)!;
const voicePlayer = () => mockPlayers.find((p) => !p.showNowPlayingNotification)!;

beforeAll(() => {
  globalThis.fetch = api.fetch;
  (globalThis as { WebSocket: unknown }).WebSocket = FakeSocket;
});
beforeEach(() => {
  FakeSocket.all = [];
  mockPlayers.length = 0;
  liveAudioStore.reset();
});
afterEach(async () => {
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  await act(async () => queryClient.clear());
});

test('LIVE-AUDIO-1: the strip joins the room over the live-audio socket with the token, and shows who talks', async () => {
  await show();
  expect(socket().url).toBe(
    `http://localhost:3000/api/live-audio/socket?token=tok-1`.replace('http', 'ws'),
  );
  expect(socket().sent[0]).toEqual({ type: 'join', roomUuid: ROOM, audio: false });
  expect(screen.getByTestId('live-audio-talking')).toHaveTextContent('Nobody is talking');
  await state([DJ]);
  expect(screen.getByTestId('live-audio-talking')).toHaveTextContent('Dj Nova is talking');
  await state([]);
  expect(screen.getByTestId('live-audio-talking')).toHaveTextContent('Nobody is talking');
});

test('LIVE-AUDIO-3: my hand goes up and down', async () => {
  await show();
  const hand = await screen.findByTestId('live-audio-hand');
  expect(hand).toHaveTextContent('Raise hand');
  await fireEvent.press(hand);
  expect(socket().sent).toContainEqual({ type: 'hand', raised: true });
  await state([], [ME]);
  expect(screen.getByTestId('live-audio-hand')).toHaveTextContent('Lower hand');
  await fireEvent.press(screen.getByTestId('live-audio-hand'));
  expect(socket().sent).toContainEqual({ type: 'hand', raised: false });
  await state([], []);
  expect(screen.getByTestId('live-audio-hand')).toHaveTextContent('Raise hand');
});

test('LIVE-AUDIO-12: while someone talks the voice player plays the listen stream with my token', async () => {
  await show();
  expect(voicePlayer().replace).not.toHaveBeenCalled();
  await state([DJ]);
  await waitFor(() =>
    expect(voicePlayer().replace).toHaveBeenCalledWith({
      uri: `http://localhost:3000/api/live-audio/rooms/${ROOM}/listen?token=tok-1`,
    }),
  );
  expect(voicePlayer().play).toHaveBeenCalled();
});

test('LIVE-AUDIO-8: the song ducks to the web’s share while someone talks, not when voices are muted', async () => {
  await show();
  expect(songPlayer().volume).toBe(1);
  await state([DJ]);
  await waitFor(() => expect(songPlayer().volume).toBe(LIVE_AUDIO_DUCK_FACTOR));
  expect(LIVE_AUDIO_DUCK_FACTOR).toBe(0.3);
  await fireEvent.press(screen.getByTestId('live-audio-mute'));
  await waitFor(() => expect(songPlayer().volume).toBe(1));
  expect(screen.getByTestId('live-audio-mute')).toHaveTextContent('Hear voices');
  await fireEvent.press(screen.getByTestId('live-audio-mute'));
  await waitFor(() => expect(songPlayer().volume).toBe(LIVE_AUDIO_DUCK_FACTOR));
  await state([]);
  await waitFor(() => expect(songPlayer().volume).toBe(1));
});
