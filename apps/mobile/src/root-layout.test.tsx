import { renderRouter, screen } from 'expo-router/testing-library';
import RootLayout from '../app/_layout';
import Home from '../app/index';
import { queryClient } from './lib/queryClient';

const PAGE = {
  total: 2,
  rooms: [
    { uuid: 'u1', slug: 'deep-house', name: 'Deep House Den', numberOfUsersInRoom: 3, song: null },
    { uuid: 'u2', slug: 'lofi', name: 'Lo-fi Lounge', numberOfUsersInRoom: 1, song: null },
  ],
};

// The rooms screen also asks for promoted rooms, events and communities: none here.
const fetchMock = jest.fn(async (url: string, _init?: RequestInit) => ({
  ok: true,
  status: 200,
  statusText: 'OK',
  headers: { get: () => 'application/json' },
  text: async () =>
    JSON.stringify(
      url.includes('/rooms/public') ? PAGE : url.includes('/promoted-rooms') ? [] : {},
    ),
}));

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

afterAll(() => {
  // The query cache's timers would keep Jest running.
  queryClient.clear();
});

test('the root layout opens on the welcome and lists the public rooms the server sends', async () => {
  const router = renderRouter({ _layout: RootLayout, index: Home }, { initialUrl: '/' });
  // Testing Library 14 renders asynchronously: expo-router's helpers (getPathname) sit on the
  // returned promise, so keep it and await it.
  await router;

  expect(await screen.findByText('Deep House Den')).toBeTruthy();
  expect(screen.getByText('Lo-fi Lounge')).toBeTruthy();
  expect(screen.getByText('Welcome to Turntable LIVE')).toBeTruthy();
  expect(screen.getByText(/3 listening/)).toBeTruthy();
  expect(router.getPathname()).toBe('/');
  expect(fetchMock).toHaveBeenCalledWith(
    'http://localhost:3000/api/room-service/rooms/public?limit=20&offset=0',
    expect.objectContaining({ method: 'GET' }),
  );
});
