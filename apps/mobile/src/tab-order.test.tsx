import { getMockContext, renderRouter, screen } from 'expo-router/testing-library';
import RootLayout from '../app/_layout';
import { queryClient } from './lib/queryClient';

jest.mock('expo-notifications', () => jest.requireActual('./testing/notifications-mock'));

/**
 * Every route file of app/ by its expo-router name (`index`, `profile/edit`, `(auth)/sign-in`):
 * screens as stand-ins that render nothing; a folder's own _layout as it is (it changes the names
 * the tabs see); the root layout itself is what is tested. Jest runs in the app's folder.
 */
function appRoutes(): [string, unknown][] {
  const app = getMockContext('app');
  return app.keys().flatMap((file): [string, unknown][] => {
    const name = file.replace(/^\.\//, '').replace(/\.tsx?$/, '');
    if (name === '_layout') return [];
    return [[name, name.endsWith('/_layout') ? app(file).default : () => null]];
  });
}

beforeAll(() => {
  // The screens are stand-ins; the layout's own calls (the session) answer nothing.
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    statusText: 'OK',
    headers: { get: () => 'application/json' },
    text: async () => '{}',
  })) as unknown as typeof fetch;
});

afterAll(() => {
  queryClient.clear();
});

test('the tab bar is Rooms, Messages, Notifications, Profile, with every other route of app/ off it', async () => {
  const routes = appRoutes();
  // The nested routes that once pushed the tabs out of order are among them.
  expect(routes.map(([name]) => name)).toEqual(
    expect.arrayContaining(['profile/edit', 'messages/[uid]', 'room/[slug]', '(auth)/sign-in']),
  );
  await renderRouter({ _layout: RootLayout, ...Object.fromEntries(routes) } as never, {
    initialUrl: '/',
  });
  const tabs = await screen.findAllByTestId(/^tab-/);
  expect(tabs.map((tab) => tab.props.testID)).toEqual([
    'tab-rooms',
    'tab-messages',
    'tab-notifications',
    'tab-profile',
  ]);
  // Each is read out by its name alone (not "tab 1 of 18", counting the hidden routes).
  expect(tabs.map((tab) => tab.props.accessibilityLabel)).toEqual([
    'Rooms',
    'Messages',
    'Notifications',
    'Profile',
  ]);
});
