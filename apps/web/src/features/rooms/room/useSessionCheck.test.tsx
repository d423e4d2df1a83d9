// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { RoomStatus } from '@tt/room-client';
import { useSessionCheckWhenEnded } from './useSessionCheck';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe({ status, check }: { status: RoomStatus; check: () => void }) {
  useSessionCheckWhenEnded(status, check);
  return null;
}

let root: Root | null = null;
afterEach(() => act(() => root?.unmount()));

function renderWith(check: () => void) {
  root = createRoot(document.createElement('div'));
  return (status: RoomStatus) => act(() => root!.render(<Probe status={status} check={check} />));
}

describe('SEC-SESSION-3: the room ended by the server asks the session at once', () => {
  it('asks when removed from the room and when the socket closed for good, once per change', () => {
    const check = vi.fn();
    const show = renderWith(check);
    show('connecting');
    show('joined');
    expect(check).not.toHaveBeenCalled();
    show('closed');
    expect(check).toHaveBeenCalledTimes(1);
    show('closed');
    expect(check).toHaveBeenCalledTimes(1);
    show('reconnecting');
    show('kicked');
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('does not ask while the socket only reconnects or a join was refused', () => {
    const check = vi.fn();
    const show = renderWith(check);
    for (const s of ['reconnecting', 'rejoining', 'failed'] as RoomStatus[]) show(s);
    expect(check).not.toHaveBeenCalled();
  });
});
