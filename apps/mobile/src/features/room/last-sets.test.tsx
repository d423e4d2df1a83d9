import { fireEvent, render, screen, waitFor } from '@testing-library/react-native';
import { router } from 'expo-router';
import type { ClientRoomState } from '@tt/protocol';
import { sampleState } from '@tt/room-client/testing';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { crateOf, fakeFetch, Providers } from '../dj/testing';
import { LastSets } from './LastSets';

jest.mock('expo-router', () => ({ router: { push: jest.fn() } }));

const NOVA = 'bbbbbbbb-0000-4000-8000-00000000000b';
const SINCE = '2026-11-27T20:00:00.000Z';
const SET = {
  djUuid: NOVA,
  startedAt: '2026-11-27T19:00:00.000Z',
  endedAt: '2026-11-27T19:40:00.000Z',
  songCount: 9,
  songs: [],
};

let sets: unknown[] = [SET];
const api = fakeFetch((url, method) => {
  if (method === 'GET' && url.includes('/rooms/late-night/sets')) {
    return [200, { sets, total: sets.length }];
  }
  if (method === 'POST' && url.includes('/rooms/late-night/sets/crate')) {
    return [201, { crate: crateOf('crate-9', 'Late Night — Nov 27, 2026', 7), added: 7 }];
  }
  return [404, { message: 'Not found' }];
});

function room(): ClientRoomState {
  return sampleState({
    allUserData: {
      [NOVA]: {
        userProfile: { uuid: NOVA, nickname: 'DJ Nova', color: '#22D3EE', avatarId: 'x' },
        position: { x: 0, y: 0 },
        songVotes: {},
      },
    } as never,
  });
}

const show = (me = { uuid: 'me', isGuest: false }) =>
  render(
    <Providers>
      <LastSets state={room()} me={me} since={SINCE} />
    </Providers>,
  );

const posts = () => api.seen.filter((r) => r.method === 'POST');

beforeAll(() => {
  globalThis.fetch = api.fetch;
});
beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.seen.length = 0;
  sets = [SET];
});
afterEach(() => queryClient.clear());

test('SET-2: folded at first (nothing asked); opened, it lists the last sets with their DJ and songs', async () => {
  await show();
  expect(screen.queryByTestId('last-set')).toBeNull();
  expect(api.seen).toHaveLength(0);
  await fireEvent.press(screen.getByTestId('last-sets-toggle'));
  expect(await screen.findByText('DJ Nova')).toBeTruthy();
  expect(screen.getByText(/9 songs/)).toBeTruthy();
  expect(screen.getByText('Last sets (1)')).toBeTruthy();
  await fireEvent.press(screen.getByTestId('last-sets-toggle'));
  expect(screen.queryByText('DJ Nova')).toBeNull();
});

test('SET-4, SET-6: "Save as crate" saves that set as a new crate and opens it on request', async () => {
  await show();
  await fireEvent.press(screen.getByTestId('last-sets-toggle'));
  await fireEvent.press(await screen.findByText('Save as crate'));
  expect(await screen.findByText('Saved: 7 songs in a new crate')).toBeTruthy();
  expect(posts()[0]!.body).toMatchObject({
    kind: 'set',
    djUuid: NOVA,
    startedAt: SET.startedAt,
    crateName: expect.stringContaining('Late Night — '),
  });
  await fireEvent.press(screen.getByTestId('set-saved-open'));
  expect(router.push).toHaveBeenCalledWith({
    pathname: '/dj/crate/[id]',
    params: { id: 'crate-9' },
  });
});

test('SET-5: "Save what I heard" sends the songs since the room was opened, until now', async () => {
  await show();
  await fireEvent.press(screen.getByTestId('last-sets-toggle'));
  const before = Date.now();
  await fireEvent.press(screen.getByText('Save what I heard'));
  await waitFor(() => expect(posts()).toHaveLength(1));
  const body = posts()[0]!.body as { kind: string; from: string; to: string };
  expect(body).toMatchObject({ kind: 'heard', from: SINCE });
  expect(Date.parse(body.to)).toBeGreaterThanOrEqual(before - 1000);
});

test('SET-3: a guest reads the sets but has no save buttons; no sets yet says so (es)', async () => {
  await i18n.changeLanguage('es');
  sets = [];
  await show({ uuid: 'guest-1', isGuest: true });
  await fireEvent.press(screen.getByTestId('last-sets-toggle'));
  expect(await screen.findByText('Aquí todavía no se ha pinchado ningún set')).toBeTruthy();
  expect(screen.getByText('Últimos sets (0)')).toBeTruthy();
  expect(screen.queryByText('Guardar lo que escuché')).toBeNull();
  expect(screen.queryByTestId('save-set')).toBeNull();
});
