import { act, render, waitFor } from '@testing-library/react-native';
import { AccessibilityInfo, Animated } from 'react-native';
import { Providers } from '../dj/testing';
import { Avatar } from './Avatar';

/** A11Y-PHONE-5: the dancing crowd keeps still when the phone asks for reduced motion. */
const reduceMotion = AccessibilityInfo.isReduceMotionEnabled as jest.Mock;
const listen = AccessibilityInfo.addEventListener as jest.Mock;

function loops() {
  const started: { start: jest.Mock; stop: jest.Mock }[] = [];
  jest.spyOn(Animated, 'loop').mockImplementation(() => {
    const loop = { start: jest.fn(), stop: jest.fn(), reset: jest.fn() };
    started.push(loop);
    return loop;
  });
  /** Loops started and not stopped: the avatar bobs while there is one. */
  return () =>
    started.filter((l) => l.start.mock.calls.length > 0 && l.stop.mock.calls.length === 0).length;
}

afterEach(() => {
  jest.restoreAllMocks();
  reduceMotion.mockImplementation(() => Promise.resolve(false));
});

test('A11Y-PHONE-5: a dancing avatar bobs while reduced motion is off', async () => {
  const running = loops();
  await render(
    <Providers>
      <Avatar nickname="Ana Beat" color="#EC4899" dancing />
    </Providers>,
  );
  await waitFor(() => expect(reduceMotion).toHaveBeenCalled());
  expect(running()).toBe(1);
});

test('A11Y-PHONE-5: reduced motion stops the dance, and its change event starts or stops it', async () => {
  reduceMotion.mockImplementation(() => Promise.resolve(true));
  let changed: ((on: boolean) => void) | undefined;
  listen.mockImplementation((event: string, fn: (on: boolean) => void) => {
    if (event === 'reduceMotionChanged') changed = fn;
    return { remove: jest.fn() };
  });
  const running = loops();
  await render(
    <Providers>
      <Avatar nickname="Ana Beat" color="#EC4899" dancing />
    </Providers>,
  );
  await waitFor(() => expect(running()).toBe(0));
  await act(async () => changed?.(false));
  expect(running()).toBe(1);
  await act(async () => changed?.(true));
  expect(running()).toBe(0);
});
