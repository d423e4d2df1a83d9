import { act, fireEvent, render, screen, waitFor } from '@testing-library/react-native';
import { AppState } from 'react-native';
import { initialRoomState, type RoomStoreApi, type RoomStoreState } from '@tt/room-client';
import type { ClientRoomState } from '@tt/protocol';
import RoomPlayer from './RoomPlayer';

const mockPlayer = {
  currentTime: 0,
  playbackRate: 1,
  playing: false,
  staysActiveInBackground: false,
  showNowPlayingNotification: false,
  loop: true,
  play: jest.fn(() => {
    mockPlayer.playing = true;
  }),
  pause: jest.fn(() => {
    mockPlayer.playing = false;
  }),
  replace: jest.fn(),
  replaceAsync: jest.fn(async () => {}),
  addListener: jest.fn(() => ({ remove: jest.fn() })),
};

jest.mock('expo-video', () => ({
  useVideoPlayer: (_source: unknown, setup: (p: unknown) => void) => {
    setup(mockPlayer);
    return mockPlayer;
  },
  VideoView: () => null,
}));

function storeWith(nowPlaying: unknown, status: RoomStoreState['status'] = 'joined') {
  let state: RoomStoreState = {
    ...initialRoomState,
    status,
    state: { nowPlaying } as unknown as ClientRoomState,
    serverTimeOffset: 0,
  };
  const store: RoomStoreApi = {
    getState: () => state,
    setState: (partial) => {
      state = { ...state, ...partial };
    },
  };
  return store;
}

const song = (providers: Record<string, string>) => ({
  artistName: 'Night Shift',
  trackName: 'Neon Floor',
  genre: null,
  duration: 180,
  isrc: null,
  musicProviders: providers,
  playbackToken: null,
  thumbnails: {},
  songShortId: 'abcdefghij',
});

beforeEach(() => {
  jest.clearAllMocks();
  mockPlayer.currentTime = 0;
  mockPlayer.playing = false;
});

describe('RoomPlayer', () => {
  it('plays in the background with lock-screen info and starts at the server position', async () => {
    const now = Date.now();
    const store = storeWith({
      song: song({ uploadService: 'abcdefghij' }),
      startTime: now - 60_000,
      endTime: now + 120_000,
    });
    await render(<RoomPlayer store={store} />);
    expect(mockPlayer.staysActiveInBackground).toBe(true);
    expect(mockPlayer.showNowPlayingNotification).toBe(true);
    await waitFor(() => expect(mockPlayer.play).toHaveBeenCalled());
    const [source] = mockPlayer.replaceAsync.mock.calls[0] as unknown as [
      { uri: string; contentType: string; metadata: { title: string; artist: string } },
    ];
    expect(source.uri).toMatch(/\/api\/song-service\/songs\/abcdefghij\/hls-playlist$/);
    expect(source.contentType).toBe('hls');
    expect(source.metadata).toMatchObject({ title: 'Neon Floor', artist: 'Night Shift' });
    expect(mockPlayer.currentTime).toBeGreaterThanOrEqual(59.9);
    expect(mockPlayer.currentTime).toBeLessThan(62);
    expect(screen.getByText('Neon Floor')).toBeTruthy();
  });

  it('mute pauses locally; listening again seeks to the live position', async () => {
    const now = Date.now();
    const store = storeWith({
      song: song({ uploadService: 'abcdefghij' }),
      startTime: now - 10_000,
      endTime: now + 170_000,
    });
    await render(<RoomPlayer store={store} />);
    await waitFor(() => expect(mockPlayer.play).toHaveBeenCalled());
    await fireEvent.press(screen.getByTestId('room-player-toggle'));
    expect(mockPlayer.pause).toHaveBeenCalled();
    expect(screen.getByText('Muted — the room plays on')).toBeTruthy();
    mockPlayer.currentTime = 0;
    await fireEvent.press(screen.getByTestId('room-player-toggle'));
    expect(mockPlayer.currentTime).toBeGreaterThanOrEqual(9.9);
    expect(mockPlayer.play).toHaveBeenCalledTimes(2);
  });

  it('back in the foreground it seeks to the server position by itself', async () => {
    const listeners: ((s: string) => void)[] = [];
    jest.spyOn(AppState, 'addEventListener').mockImplementation((_type, fn) => {
      listeners.push(fn as (s: string) => void);
      return { remove: jest.fn() } as never;
    });
    const now = Date.now();
    const store = storeWith({
      song: song({ uploadService: 'abcdefghij' }),
      startTime: now - 30_000,
      endTime: now + 150_000,
    });
    await render(<RoomPlayer store={store} />);
    await waitFor(() => expect(mockPlayer.play).toHaveBeenCalled());
    mockPlayer.currentTime = 3;
    await act(async () => listeners.forEach((fn) => fn('active')));
    expect(mockPlayer.currentTime).toBeGreaterThanOrEqual(29.9);
  });

  it("says a song of another provider can't play here, and plays nothing", async () => {
    const now = Date.now();
    const store = storeWith({
      song: song({ spotify: 'sp1' }),
      startTime: now,
      endTime: now + 180_000,
    });
    await render(<RoomPlayer store={store} />);
    expect(
      await screen.findByText("This song can't play on the phone — it plays for web listeners"),
    ).toBeTruthy();
    expect(mockPlayer.replaceAsync).not.toHaveBeenCalled();
    expect(screen.queryByTestId('room-player-toggle')).toBeNull();
  });
});
