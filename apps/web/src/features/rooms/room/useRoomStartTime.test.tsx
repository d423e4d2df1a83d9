// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { AnalyticsEventInput } from '@tt/protocol';
import { setAnalyticsSink } from '../../../lib/analytics/appEvents';
import { useRoomStore } from '../../../lib/socket/store';
import { useRoomStartTime } from './useRoomStartTime';

let active: string | null = null;
vi.mock('../../../lib/socket/session', () => ({ activeRoomUuid: () => active }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ROOM = { slug: 'friday-night', uuid: '0b6f1e9e-5b1c-4d3e-9a57-1c2f3a4b5c6d' };
function Probe() {
  useRoomStartTime(ROOM);
  return null;
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  setAnalyticsSink(null);
});

describe('ANALYTICS-WEB-1: roomStartTime from a room page', () => {
  it('is sent once, when the socket has joined this room', () => {
    const sent: AnalyticsEventInput[] = [];
    setAnalyticsSink((e) => sent.push(e));
    useRoomStore.setState({ status: 'connecting' });
    root = createRoot(document.createElement('div'));
    act(() => root!.render(<Probe />));
    expect(sent).toHaveLength(0);

    active = ROOM.uuid;
    act(() => useRoomStore.setState({ status: 'joined' }));
    act(() => useRoomStore.setState({ status: 'rejoining' }));
    act(() => useRoomStore.setState({ status: 'joined' }));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ topic: 'roomStartTime', payload: { roomSlug: ROOM.slug } });
    expect((sent[0] as unknown as { payload: { ms: number } }).payload.ms).toBeGreaterThanOrEqual(
      0,
    );
  });
});
