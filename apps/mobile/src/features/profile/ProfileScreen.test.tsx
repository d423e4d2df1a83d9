import { fireEvent, renderRouter, screen, waitFor } from 'expo-router/testing-library';
import { TestLayout } from '../auth/test-layout';
import { queryClient } from '../../lib/queryClient';
import { signIn } from '../../lib/session';
import { ProfileScreen } from './ProfileScreen';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const USER_TOKEN = `h.${b64({ uuid: 'user-1', roles: ['user'], type: 'user' })}.s`;

const PROFILE = {
  id: 1,
  uuid: 'user-1',
  color: '#ff00aa',
  avatarId: 'kid-01',
  nickname: 'DJ Nova',
  firstName: 'Ana',
  lastName: 'Ruiz',
  pronoun: '',
  displayPronouns: false,
  songOfTheWeek: '',
  song: null,
  zodiac: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  coverPicture: '',
  profilePicture: '',
  facebook: '',
  instagram: '',
  twitter: '',
  snapchat: '',
  tiktok: '',
  badges: [],
  priceForGig: 0,
  email: 'nova@example.com',
  emailVerified: true,
  phoneNumber: null,
  roles: ['user'],
  tokenRole: 'user',
  capabilities: [],
  musicProviders: [],
  status: 'ACTIVE',
  isBot: false,
  hasPassword: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const SEASON = { id: 3, name: 'Autumn', startDate: '2026-09-01', endDate: '2026-12-01' };
const ANSWERS: Record<string, unknown> = {
  '/api/user-service/users/profile': PROFILE,
  '/api/user-service/auth/session': { uuid: 'user-1', isGuest: false },
  '/api/user-service/auth/sign-out-everywhere': { ended: true },
  '/api/user-service/auth/guest': { accessToken: 'h.e30.s' },
  '/api/points-service/points/current-ranking-status': {
    hasCurrentRankingStatus: true,
    season: SEASON,
    status: { id: 9, userUuid: 'user-1', seasonId: 3, balance: 1234, rank: 7, updatedAt: null },
  },
};

const fetchMock = jest.fn(async (url: string, _init?: RequestInit) => {
  const body = ANSWERS[new URL(url).pathname];
  return {
    ok: body !== undefined,
    status: body === undefined ? 404 : 200,
    statusText: 'OK',
    headers: { get: () => 'application/json' },
    text: async () => JSON.stringify(body ?? { message: 'Not found' }),
  };
});

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterAll(() => queryClient.clear());

test('the profile tab shows my nickname, my points and my rank, and the brand', async () => {
  await signIn(USER_TOKEN);
  const router = renderRouter(
    { _layout: TestLayout, 'profile/index': ProfileScreen },
    { initialUrl: '/profile' },
  );
  await router;

  expect(await screen.findByText('DJ Nova')).toBeTruthy();
  expect(screen.getByText('Ana Ruiz')).toBeTruthy();
  expect(await screen.findByText('1234')).toBeTruthy();
  expect(screen.getByTestId('profile-rank')).toHaveTextContent('#7');
  expect(screen.getByTestId('brand-wordmark')).toHaveTextContent('TurntableLIVE');
  expect(screen.getByTestId('profile-sign-out')).toBeTruthy();
});

test('SEC-SESSION-1: sign out everywhere asks first, ends every session on the server, then signs this phone out', async () => {
  await signIn(USER_TOKEN);
  const router = renderRouter(
    { _layout: TestLayout, 'profile/index': ProfileScreen },
    { initialUrl: '/profile' },
  );
  await router;
  fireEvent.press(await screen.findByTestId('profile-sign-out-everywhere'));
  expect(await screen.findByText(/this one included/)).toBeTruthy();
  fireEvent.press(await screen.findByTestId('profile-sign-out-everywhere-confirm'));
  await waitFor(() => expect(screen.queryByTestId('profile-sign-out')).toBeNull());
  const ended = fetchMock.mock.calls.filter(([url]) => url.endsWith('/auth/sign-out-everywhere'));
  expect(ended).toHaveLength(1);
  expect(ended[0]![1]?.method).toBe('POST');
});
