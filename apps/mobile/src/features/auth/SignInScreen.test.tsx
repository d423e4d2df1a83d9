import { fireEvent, renderRouter, screen, waitFor } from 'expo-router/testing-library';
import { Text } from 'react-native';
import { TestLayout } from './test-layout';
import { queryClient } from '../../lib/queryClient';
import { getSession } from '../../lib/session';
import { SignInScreen } from './SignInScreen';

/** A JWT whose payload names a user (the signature is not checked by the app). */
const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const USER_TOKEN = `h.${b64({ uuid: 'user-1', roles: ['user'], type: 'user' })}.s`;
const GUEST_TOKEN = `h.${b64({ uuid: 'guest-1', roles: ['guest'], type: 'guest' })}.s`;

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer> = {};

const fetchMock = jest.fn(async (url: string) => {
  const path = new URL(url).pathname;
  const a = answers[path] ?? { status: 404, body: { message: 'Not found' } };
  return {
    ok: a.status < 400,
    status: a.status,
    statusText: String(a.status),
    headers: { get: () => 'application/json' },
    text: async () => JSON.stringify(a.body),
  };
});

beforeEach(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  fetchMock.mockClear();
  answers = { '/api/user-service/auth/guest': { status: 200, body: { accessToken: GUEST_TOKEN } } };
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
