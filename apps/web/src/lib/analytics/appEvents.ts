import type { AnalyticsEventInput } from '@tt/protocol';
import { startBrowserAnalytics, type AnalyticsSender } from '../player/analytics';
import { currentToken, useSession } from '../session';

/**
 * The web's own analytics events besides the play topics (ANALYTICS-WEB-1): roomStartTime,
 * onboardingSteps, roomCreationStartTime, roomCreationRoomServiceResponse and tokenChange. Each
 * goes through the page's one AnalyticsSender (batched to POST /analytics/events).
 */
type Sink = (event: AnalyticsEventInput) => void;

let sender: AnalyticsSender | null = null;
let testSink: Sink | null = null;

/** The page's one sender; the player's play events go through it too. */
export function browserAnalytics(): AnalyticsSender {
  sender ??= startBrowserAnalytics(currentToken);
  return sender;
}

/** For unit tests: events go to `sink` instead of the network (null restores the sender). */
export function setAnalyticsSink(sink: Sink | null): void {
  testSink = sink;
}

function send(topic: AnalyticsEventInput['topic'], payload: Record<string, unknown>): void {
  const event = { topic, payload, occurredAt: new Date().toISOString() } as AnalyticsEventInput;
  if (testSink) testSink(event);
  else if (typeof window !== 'undefined') browserAnalytics().enqueue(event);
}

/** ANALYTICS-WEB-1: a room page reached the live room; `ms` since the page opened. */
export function sendRoomStartTime(roomSlug: string, ms: number): void {
  send('roomStartTime', { roomSlug, ms: Math.max(0, Math.round(ms)) });
}

/** The onboarding steps of the web: an account made, its e-mail address verified. */
export type OnboardingStep = 'signUp' | 'emailVerified';

/** ANALYTICS-WEB-1: one onboarding step done. */
export function sendOnboardingStep(step: OnboardingStep): void {
  send('onboardingSteps', { step, done: true });
}

/** ANALYTICS-WEB-1: the room creation form opened. */
export function sendRoomCreationStart(): void {
  send('roomCreationStartTime', { startedAt: new Date().toISOString() });
}

/** ANALYTICS-WEB-1: the room service answered a creation: the room, or the refusal's status. */
export function sendRoomCreationResponse(
  answer: { ok: true; roomSlug: string } | { ok: false; status: number | null },
  ms: number,
): void {
  send('roomCreationRoomServiceResponse', { ...answer, ms: Math.max(0, Math.round(ms)) });
}

/** Which token the session holds, as the analytics tell it (never the token itself). */
const kindOf = (s: { accessToken: string | null; guestToken: string | null }) =>
  s.accessToken ? 'user' : s.guestToken ? 'guest' : 'none';

/**
 * ANALYTICS-WEB-1: every change of the session's token (sign-in, sign-out, a guest token, a
 * token dropped) sends tokenChange with the kinds before and after. Returns the unsubscribe.
 */
export function watchTokenChanges(): () => void {
  return useSession.subscribe((now, before) => {
    if (now.accessToken === before.accessToken && now.guestToken === before.guestToken) return;
    send('tokenChange', { from: kindOf(before), to: kindOf(now) });
  });
}
