import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnalyticsEventInput } from '@tt/protocol';
import { useSession } from '../session';
import {
  sendOnboardingStep,
  sendRoomCreationResponse,
  sendRoomCreationStart,
  sendRoomStartTime,
  setAnalyticsSink,
  watchTokenChanges,
} from './appEvents';

let sent: AnalyticsEventInput[] = [];
beforeEach(() => {
  sent = [];
  setAnalyticsSink((e) => sent.push(e));
});
afterEach(() => setAnalyticsSink(null));

/** The one event sent, checked against the audit service's own schema. */
const only = () => {
  expect(sent).toHaveLength(1);
  expect(AnalyticsEventInput.safeParse(sent[0]).success).toBe(true);
  return sent[0] as { topic: string; payload: Record<string, unknown>; occurredAt: string };
};

describe('ANALYTICS-WEB-1: the web sends its five own topics, once each', () => {
  it('roomStartTime: the room and whole milliseconds to go live', () => {
    sendRoomStartTime('friday-night', 812.6);
    expect(only()).toMatchObject({
      topic: 'roomStartTime',
      payload: { roomSlug: 'friday-night', ms: 813 },
    });
  });

  it('onboardingSteps: the step done', () => {
    sendOnboardingStep('signUp');
    expect(only()).toMatchObject({
      topic: 'onboardingSteps',
      payload: { step: 'signUp', done: true },
    });
    sent = [];
    sendOnboardingStep('emailVerified');
    expect(only().payload).toEqual({ step: 'emailVerified', done: true });
  });

  it('roomCreationStartTime: when the form opened', () => {
    sendRoomCreationStart();
    const e = only();
    expect(e.topic).toBe('roomCreationStartTime');
    expect(Date.parse(e.payload.startedAt as string)).not.toBeNaN();
  });

  it("roomCreationRoomServiceResponse: the room made, or the refusal's status", () => {
    sendRoomCreationResponse({ ok: true, roomSlug: 'new-room' }, 120);
    expect(only()).toMatchObject({
      topic: 'roomCreationRoomServiceResponse',
      payload: { ok: true, roomSlug: 'new-room', ms: 120 },
    });
    sent = [];
    sendRoomCreationResponse({ ok: false, status: 403 }, 40);
    expect(only().payload).toEqual({ ok: false, status: 403, ms: 40 });
  });

  it('tokenChange: the kinds of token before and after, never the token', () => {
    useSession.setState({ accessToken: null, guestToken: 'g1' });
    const stop = watchTokenChanges();
    useSession.getState().signIn('secret-user-token');
    const e = only();
    expect(e).toMatchObject({ topic: 'tokenChange', payload: { from: 'guest', to: 'user' } });
    expect(JSON.stringify(e)).not.toContain('secret-user-token');
    sent = [];
    useSession.getState().markReady(); // no token changed: nothing sent
    expect(sent).toHaveLength(0);
    useSession.getState().clear();
    expect(only().payload).toEqual({ from: 'user', to: 'none' });
    stop();
  });
});
