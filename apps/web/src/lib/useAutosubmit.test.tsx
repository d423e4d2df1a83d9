// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AUTOSUBMIT_MS, useAutosubmit } from './useAutosubmit';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let sent: string[] = [];
let byHand: (() => void) | null = null;

function Probe({ value, ready = true }: { value: string; ready?: boolean }) {
  const auto = useAutosubmit(value, ready, () => sent.push(value));
  byHand = auto.sent;
  return null;
}

const render = (value: string, ready = true) =>
  act(() => root!.render(<Probe value={value} ready={ready} />));

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  root = createRoot(document.createElement('div'));
});
afterEach(() => {
  act(() => root?.unmount());
  vi.useRealTimers();
});

describe('FORM-AUTO-1: a form that saves itself', () => {
  it('sends 600 ms after the last change, once, never for the values it opened with', () => {
    render('a');
    act(() => void vi.advanceTimersByTime(AUTOSUBMIT_MS * 2));
    expect(sent).toEqual([]);
    render('ab');
    act(() => void vi.advanceTimersByTime(AUTOSUBMIT_MS - 1));
    render('abc'); // typing on restarts the wait
    act(() => void vi.advanceTimersByTime(AUTOSUBMIT_MS - 1));
    expect(sent).toEqual([]);
    act(() => void vi.advanceTimersByTime(1));
    expect(sent).toEqual(['abc']);
    render('abc');
    act(() => void vi.advanceTimersByTime(AUTOSUBMIT_MS * 2));
    expect(sent).toEqual(['abc']);
  });

  it('waits while the form is not valid, and skips what was just sent by hand', () => {
    render('a');
    render('', false);
    act(() => void vi.advanceTimersByTime(AUTOSUBMIT_MS * 2));
    expect(sent).toEqual([]);
    render('b');
    act(() => byHand?.());
    act(() => void vi.advanceTimersByTime(AUTOSUBMIT_MS));
    expect(sent).toEqual([]);
  });
});
