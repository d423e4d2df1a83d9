import { useQuery } from '@tanstack/react-query';
import { profileEndpoints } from '@tt/protocol';
import { QueryClientProvider } from '@tanstack/react-query';
import { Slot } from 'expo-router';
import { fireEvent, renderRouter, screen, waitFor } from 'expo-router/testing-library';
import { Text } from 'react-native';
import { SafeAreaProvider } from 'react-native-safe-area-context';
import { i18n } from '../../i18n';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { getSession, signIn } from '../../lib/session';
import { fakeAnswers, type Answer, USER_TOKEN } from '../../testing/fake-answers';
import { BanBanner } from './BanBanner';

const UNTIL = '2026-11-26T23:03:47.810Z';
const { answers, fetchMock, reset } = fakeAnswers();

beforeEach(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  fetchMock.mockClear();
  reset();
});
afterEach(async () => {
  queryClient.clear();
  await i18n.changeLanguage('en');
});
afterAll(() => queryClient.clear());

/** The root's providers and the banner above the screens, as app/_layout.tsx has them. */
function Layout() {
  return (
    <SafeAreaProvider>
      <QueryClientProvider client={queryClient}>
        <Slot />
        <BanBanner />
      </QueryClientProvider>
    </SafeAreaProvider>
  );
}

/** A screen that asks for the profile (any signed-in call the ban refuses). */
function Profile() {
  const me = useQuery({
    queryKey: ['ban-test-profile'],
    queryFn: () => api.call(profileEndpoints.ownProfile, {}),
  });
  return <Text>{me.isError ? 'profile failed' : 'profile'}</Text>;
}
const Rooms = () => <Text>rooms tab</Text>;

const open = (initialUrl: string) =>
  renderRouter(
    { _layout: Layout, index: Rooms, profile: Profile, 'room/[slug]': Profile },
    { initialUrl },
  );

const banned = (message: string): Answer => ({
  status: 401,
  body: { message, code: 'ACCOUNT_BANNED' },
});

test('BAN-NOTICE-1: a ban refusing a call on any screen signs out and says until when, in Spanish and the phone’s time zone', async () => {
  await i18n.changeLanguage('es');
  await signIn(USER_TOKEN);
  answers['/api/user-service/users/profile'] = banned(`This account is banned until ${UNTIL}`);
  const router = open('/profile');
  await router;

  // The phone's zone (Intl's default), in words of the app's language.
  const until = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(UNTIL),
  );
  expect(
    await screen.findByText(`Se cerró tu sesión. Tu cuenta está suspendida hasta el ${until}.`),
  ).toBeTruthy();
  expect(screen.queryByText(/2026-11-26T/)).toBeNull();
  await waitFor(() => expect(getSession().kind).not.toBe('user'));
  expect(router.getPathname()).toBe('/profile');

  await fireEvent.press(screen.getByTestId('ban-banner-close'));
  expect(screen.queryByTestId('ban-banner')).toBeNull();
});

test('BAN-NOTICE-1: a ban without end says so in English; a new sign-in forgets it', async () => {
  await signIn(USER_TOKEN);
  answers['/api/user-service/users/profile'] = banned('This account is banned');
  const router = open('/profile');
  await router;
  expect(
    await screen.findByText('You were signed out. Your account is banned permanently.'),
  ).toBeTruthy();
  await waitFor(() => expect(getSession().kind).not.toBe('user'));
  // The ban is over: signed in again, the profile answers and the banner goes.
  answers['/api/user-service/users/profile'] = { status: 200, body: {} };
  await signIn(USER_TOKEN);
  await waitFor(() => expect(screen.queryByTestId('ban-banner')).toBeNull());
});

test('BAN-NOTICE-1: a room tells the ban itself: no banner over it', async () => {
  await signIn(USER_TOKEN);
  answers['/api/user-service/users/profile'] = banned('This account is banned');
  const router = open('/room/lofi');
  await router;
  expect(await screen.findByText('profile failed')).toBeTruthy();
  await waitFor(() => expect(getSession().kind).not.toBe('user'));
  expect(screen.queryByTestId('ban-banner')).toBeNull();
});

test('BAN-NOTICE-1: another 401 (an expired session) shows no ban', async () => {
  await signIn(USER_TOKEN);
  answers['/api/user-service/users/profile'] = {
    status: 401,
    body: { message: 'Session expired', code: 'SESSION_REVOKED' },
  };
  const router = open('/profile');
  await router;
  expect(await screen.findByText('profile failed')).toBeTruthy();
  expect(screen.queryByTestId('ban-banner')).toBeNull();
  expect(getSession().kind).toBe('user');
});
