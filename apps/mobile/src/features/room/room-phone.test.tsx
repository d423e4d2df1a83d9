import { act, fireEvent, renderRouter, screen, waitFor } from 'expo-router/testing-library';
import { AccessibilityInfo } from 'react-native';
import type { ClientRoomState, RoomRules } from '@tt/protocol';
import type { RoomStore } from '@tt/room-client';
import { sampleState } from '@tt/room-client/testing';
import RootLayout from '../../../app/_layout';
import Room from '../../../app/room/[slug]';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { reportDrift } from '../player/drift';

/**
 * The room screen on the phone: its rules (ROOM-RULES-1..9), its controls' names and roles
 * (A11Y-PHONE-1, -2), what it tells a screen reader on entering (A11Y-PHONE-4), the sync readout
 * (SYNC-PHONE-1) and a rule's notice from the socket, in English and Spanish.
 */
jest.mock('../player/RoomPlayer', () => ({ __esModule: true, default: () => null }));
jest.mock('../../lib/session', () => ({
  useSession: () => ({ kind: 'user', token: 'user-token', uuid: 'a', roles: [] }),
  bootstrapSession: async () => undefined,
  onBeforeSignOut: () => () => undefined,
  checkSession: async () => undefined,
  sessionEndedBy: () => null,
}));
jest.mock('expo-notifications', () => jest.requireActual('../../testing/notifications-mock'));
jest.mock('./session'); // room/__mocks__/session.ts
const { roomStore: mockStore, roomSession: mockSession } = jest.requireMock<{
  roomStore: RoomStore;
  roomSession: { enterRoom: jest.Mock };
}>('./session');

const ROOM = { uuid: 'room-1', slug: 'late-night', name: 'Late Night' };
beforeAll(() => {
  globalThis.fetch = jest.fn(async (url: string) => ({
    ok: true,
    status: 200,
    statusText: 'OK',
    headers: { get: () => 'application/json' },
    text: async () => JSON.stringify(url.endsWith('/join') ? {} : ROOM),
  })) as unknown as typeof fetch;
});
const announce = AccessibilityInfo.announceForAccessibility as jest.Mock;
beforeEach(() => announce.mockClear());
afterEach(async () => {
  queryClient.clear();
  await act(async () => void (await i18n.changeLanguage('en')));
  reportDrift(null);
});

const ALL_RULES: RoomRules = {
  maxSongSeconds: 425,
  noRepeatPlays: 20,
  noRepeatHours: 6,
  djMinutesPerHour: 30,
  boothLock: ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'],
  dislikeSkipShare: 0.4,
  afkDjMinutes: 15,
  newTracksOnly: true,
  boothFrozen: true,
  crossfadeSeconds: 4,
};

function live(rules?: RoomRules): ClientRoomState {
  const now = Date.now();
  const base = sampleState();
  const dj = { uuid: 'd', tokenRole: 'user', highestRole: undefined, canDj: true, nextSong: null };
  return sampleState({
    settings: { ...base.settings, uuid: 'room-1', roomRoles: [], rules } as never,
    allUserData: {
      a: {
        userProfile: { uuid: 'a', nickname: 'Ana Beat', color: '#EC4899' },
        songVotes: { like: true },
      },
      d: { userProfile: { uuid: 'd', nickname: 'DJ Nova', color: '#22D3EE' }, songVotes: {} },
    } as never,
    visibleDjs: [dj] as never,
    djs: [dj] as never,
    allUsers: [
      { uuid: 'a', tokenRole: 'user', highestRole: undefined, canDj: true },
      { uuid: 'd', tokenRole: 'user', highestRole: undefined, canDj: true },
    ] as never,
    floorUsers: [{ uuid: 'a', tokenRole: 'user', highestRole: undefined, canDj: true }] as never,
    nowPlaying: {
      song: {
        trackName: 'Rooftop Hours',
        artistName: 'Velvet Lanterns',
        duration: 200,
        thumbnails: {},
      },
      startTime: now - 65_000,
      endTime: now + 135_000,
    } as never,
    vibeMeter: 0.75,
    voteCounts: { likes: 3, dislikes: 1, stars: 2 },
  });
}

async function enter(state: ClientRoomState, extra: object = {}) {
  mockSession.enterRoom.mockImplementation(() =>
    mockStore.setState({
      status: 'joined',
      serverTimeOffset: -42,
      serverTimeUncertainty: 7,
      error: null,
      errorCode: null,
      state,
      ...extra,
    }),
  );
  await renderRouter(
    { _layout: RootLayout, 'room/[slug]': Room },
    { initialUrl: '/room/late-night' },
  );
  await screen.findByTestId('room-live');
}

test('ROOM-RULES-1..9: every rule in force is shown in the room, in the web’s words', async () => {
  await enter(live(ALL_RULES));
  const shown = (key: string) => screen.getByTestId(`room-rule-${key}`).props.children;
  expect(screen.getByText('Room rules')).toBeTruthy();
  expect(shown('maxSongSeconds')).toBe('• Songs up to 7:05 long');
  expect(shown('noRepeatPlays')).toBe('• No repeat of the last 20 plays');
  expect(shown('noRepeatHours')).toBe('• No repeat of songs played in the last 6 hours');
  expect(shown('djMinutesPerHour')).toBe('• Each DJ: at most 30 min of songs an hour');
  expect(shown('boothLock')).toBe('• Booth locked: 2 listed people and the hosts may DJ');
  expect(shown('dislikeSkipShare')).toBe(
    '• A song is skipped at 40 % dislikes of active listeners',
  );
  expect(shown('afkDjMinutes')).toBe('• A DJ idle for 15 min is warned, then taken off the stage');
  expect(shown('newTracksOnly')).toBe('• Only songs never played here before');
  expect(shown('boothFrozen')).toBe('• Seat line frozen: nobody new takes a seat');
  expect(shown('crossfadeSeconds')).toBe('• Songs fade into each other over 4 s');

  await act(async () => void (await i18n.changeLanguage('es')));
  expect(screen.getByText('Reglas de la sala')).toBeTruthy();
  expect(shown('maxSongSeconds')).toBe('• Canciones de hasta 7:05 de duración');
  expect(shown('boothFrozen')).toBe('• Fila de asientos congelada: nadie nuevo toma asiento');
});

test('ROOM-RULES-1..9: a room without rules (or only a 0 s crossfade) shows no rules card', async () => {
  await enter(live({ crossfadeSeconds: 0, boothLock: null }));
  expect(screen.queryByTestId('room-rules')).toBeNull();
});

test('ROOM-RULES-7: the socket’s notice of being taken off the stage reads in Spanish, until tapped away', async () => {
  await act(async () => void (await i18n.changeLanguage('es')));
  await enter(live(), {
    error: 'You were taken off the stage after too long without any action',
    errorCode: 'ROOM_RULE_AFK_REMOVED',
  });
  const notice = screen.getByTestId('room-rule-notice');
  expect(
    screen.getByText('Te bajaron del escenario tras demasiado tiempo sin ninguna acción'),
  ).toBeTruthy();
  await fireEvent.press(notice);
  expect(screen.queryByTestId('room-rule-notice')).toBeNull();
});

test('ROOM-RULES-7: a DJ away too long is warned on the stage (not off it), then told why they left it, in Spanish', async () => {
  const base = live({ afkDjMinutes: 5 });
  const me = { uuid: 'a', tokenRole: 'user', highestRole: undefined, canDj: true, nextSong: null };
  const warning = { afk: { kind: 'warning', removeAt: Date.now() + 60_000 } };
  await enter({ ...base, djs: [...base.djs, me] as never }, warning);
  expect(screen.getByTestId('room-rule-notice')).toBeTruthy();
  expect(
    screen.getByText(
      'You will leave the stage in a minute unless you do something — vote, queue a song or chat.',
    ),
  ).toBeTruthy();
  await act(async () => void (await i18n.changeLanguage('es')));
  await act(async () => mockStore.setState({ afk: { kind: 'removed', reason: 'gone' } } as never));
  expect(
    screen.getByText('Te bajaron del escenario tras demasiado tiempo sin ninguna acción'),
  ).toBeTruthy();
  await fireEvent.press(screen.getByTestId('room-rule-notice'));
  expect(screen.queryByTestId('room-rule-notice')).toBeNull();
});

test('ROOM-RULES-7: a warning meant for the stage is not shown to someone no longer on it', async () => {
  await enter(live({ afkDjMinutes: 5 }), {
    afk: { kind: 'warning', removeAt: Date.now() + 60_000 },
  });
  expect(screen.queryByTestId('room-rule-notice')).toBeNull();
});

test('A11Y-PHONE-1, -2: the room’s controls have roles and names, the vote I gave is selected', async () => {
  await enter(live());
  expect(screen.getByRole('tab', { name: 'Room', selected: true })).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Chat' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Like', selected: true })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Star', selected: false })).toBeTruthy();
  expect(screen.getByRole('progressbar', { name: 'Song progress' })).toBeTruthy();
  expect(screen.getByRole('progressbar', { name: 'Vibe' })).toBeTruthy();
  expect(screen.getByRole('image', { name: 'DJ Nova' })).toBeTruthy();
  expect(screen.getByLabelText('Now playing: Rooftop Hours, Velvet Lanterns')).toBeTruthy();
  expect(screen.getByText('Screen reader announcements')).toBeTruthy();
  expect(screen.getByRole('radio', { name: 'Important only', selected: true })).toBeTruthy();
  await fireEvent.press(screen.getByRole('radio', { name: 'Everything' }));
  expect(screen.getByRole('radio', { name: 'Everything', selected: true })).toBeTruthy();
  await fireEvent.press(screen.getByRole('radio', { name: 'Important only' }));
});

test('A11Y-PHONE-4: on entering, the song playing is told to the screen reader', async () => {
  await enter(live());
  await waitFor(() =>
    expect(announce).toHaveBeenCalledWith(
      'Now playing: Rooftop Hours by Velvet Lanterns, DJ DJ Nova',
    ),
  );
});

test('SYNC-PHONE-1: a long-press on the song shows the clock offset, its accuracy and the drift (es)', async () => {
  await act(async () => void (await i18n.changeLanguage('es')));
  await enter(live());
  expect(screen.queryByTestId('sync-readout')).toBeNull();
  await fireEvent(screen.getByTestId('now-playing-song'), 'longPress');
  expect(screen.getByTestId('sync-offset').props.children).toBe('-42 ms');
  expect(screen.getByTestId('sync-uncertainty').props.children).toBe('± 7 ms');
  expect(screen.getByTestId('sync-drift').props.children).toBe('aún no se sabe');
  expect(screen.getByText('Reloj del servidor')).toBeTruthy();
  await act(async () => reportDrift(0.0314));
  expect(screen.getByTestId('sync-drift').props.children).toBe('+31 ms');
  await fireEvent(screen.getByTestId('now-playing-song'), 'longPress');
  expect(screen.queryByTestId('sync-readout')).toBeNull();
});
