import { fireEvent, renderRouter, screen, waitFor } from 'expo-router/testing-library';
import { Text } from 'react-native';
import { TestLayout } from './test-layout';
import { queryClient } from '../../lib/queryClient';
import { getSession } from '../../lib/session';
import { SignInScreen } from './SignInScreen';
import { SignUpScreen } from './SignUpScreen';
import { i18n } from '../../i18n';
import { fakeAnswers, USER_TOKEN } from '../../testing/fake-answers';

const { answers, fetchMock, reset } = fakeAnswers();

beforeEach(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  fetchMock.mockClear();
  reset();
});

afterAll(() => queryClient.clear());

const Rooms = () => <Text>rooms tab</Text>;
const open = () =>
  renderRouter(
    { _layout: TestLayout, index: Rooms, 'sign-in': SignInScreen },
    { initialUrl: '/sign-in' },
  );

test('signing in with e-mail and password keeps the token and goes to the rooms tab', async () => {
  answers['/api/user-service/auth/login'] = { status: 200, body: { accessToken: USER_TOKEN } };
  const router = open();
  await router;
  await fireEvent.changeText(await screen.findByTestId('sign-in-email'), ' dj@example.com ');
  await fireEvent.changeText(screen.getByTestId('sign-in-password'), 'secret-pass');
  await fireEvent.press(screen.getByTestId('sign-in-submit'));

  expect(await screen.findByText('rooms tab')).toBeTruthy();
  expect(getSession()).toMatchObject({ kind: 'user', uuid: 'user-1', token: USER_TOKEN });
  const login = fetchMock.mock.calls.find(([u]) => u.endsWith('/auth/login')) as unknown as [
    string,
    RequestInit,
  ];
  expect(JSON.parse(login[1].body as string)).toEqual({
    email: 'dj@example.com',
    password: 'secret-pass',
  });
});

test("a refused sign-in shows the server's message and stays", async () => {
  answers['/api/user-service/auth/login'] = {
    status: 401,
    body: { message: 'Email or password is incorrect.', code: 'INVALID_CREDENTIALS' },
  };
  const router = open();
  await router;
  await fireEvent.changeText(await screen.findByTestId('sign-in-email'), 'dj@example.com');
  await fireEvent.changeText(screen.getByTestId('sign-in-password'), 'wrong');
  await fireEvent.press(screen.getByTestId('sign-in-submit'));

  expect(await screen.findByText('Email or password is incorrect.')).toBeTruthy();
  expect(router.getPathname()).toBe('/sign-in');
});

test("a VoIP number is refused with the server's message", async () => {
  const voip = 'VoIP numbers cannot receive login codes. Please use a mobile number.';
  answers['/api/user-service/mobile-auth/send-code'] = { status: 400, body: { message: voip } };
  const router = open();
  await router;
  await fireEvent.press(await screen.findByTestId('sign-in-tab-phone'));
  await fireEvent.changeText(await screen.findByTestId('phone-number'), '+15005550006');
  await fireEvent.press(screen.getByTestId('phone-send'));

  expect(await screen.findByText(voip)).toBeTruthy();
  expect(screen.queryByTestId('phone-code')).toBeNull();
  await waitFor(() => expect(router.getPathname()).toBe('/sign-in'));
});

test('SEC-SESSION-3: a banned account is told until when, in Spanish and the phone’s time zone, never the raw instant', async () => {
  await i18n.changeLanguage('es');
  answers['/api/user-service/auth/login'] = {
    status: 403,
    body: {
      message: 'This account is banned until 2026-11-26T23:03:47.810Z',
      code: 'ACCOUNT_BANNED',
    },
  };
  const router = open();
  await router;
  await fireEvent.changeText(await screen.findByTestId('sign-in-email'), 'dj@example.com');
  await fireEvent.changeText(screen.getByTestId('sign-in-password'), 'secret-pass');
  await fireEvent.press(screen.getByTestId('sign-in-submit'));

  const until = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date('2026-11-26T23:03:47.810Z'),
  );
  const shown = await screen.findByTestId('form-error');
  expect(shown.props.children).toBe(`Tu cuenta está suspendida hasta el ${until}.`);
  expect(shown.props.children).not.toContain('2026-11-26T');

  answers['/api/user-service/auth/login'] = {
    status: 403,
    body: { message: 'This account is banned', code: 'ACCOUNT_BANNED' },
  };
  await fireEvent.press(screen.getByTestId('sign-in-submit'));
  expect(await screen.findByText('Tu cuenta está suspendida de forma permanente.')).toBeTruthy();
  await i18n.changeLanguage('en');
});

test('PROTO-ERR-2: the Spanish sign-up shows the API’s refused field in Spanish, not English', async () => {
  await i18n.changeLanguage('es');
  answers['/api/user-service/users/sign-up'] = {
    status: 400,
    body: { message: ['password: password must be at least 8 characters'], code: 'VALIDATION' },
  };
  const router = renderRouter(
    { _layout: TestLayout, index: Rooms, 'sign-up': SignUpScreen },
    { initialUrl: '/sign-up' },
  );
  await router;
  await fireEvent.changeText(await screen.findByTestId('sign-up-email'), 'dj@example.com');
  await fireEvent.changeText(screen.getByTestId('sign-up-password'), 'short');
  await fireEvent.press(screen.getByTestId('sign-up-submit'));

  expect(await screen.findByText('Contraseña: debe tener al menos 8 caracteres')).toBeTruthy();
  expect(screen.queryByText(/must be at least/)).toBeNull();
  await i18n.changeLanguage('en');
});
