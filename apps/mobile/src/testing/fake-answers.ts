/**
 * A fake `fetch` for screen tests: answers each API path from a table the test fills, 404
 * otherwise; and JWTs whose payload names a user or a guest (the app does not check signatures).
 */
export type Answer = { status: number; body: unknown };

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
export const USER_TOKEN = `h.${b64({ uuid: 'user-1', roles: ['user'], type: 'user' })}.s`;
export const GUEST_TOKEN = `h.${b64({ uuid: 'guest-1', roles: ['guest'], type: 'guest' })}.s`;

/** The table (`answers`, by path) and the fetch that reads it. */
export function fakeAnswers() {
  const answers: Record<string, Answer> = {};
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
  /** Forgets every answer but a guest token's. */
  const reset = () => {
    for (const k of Object.keys(answers)) delete answers[k];
    answers['/api/user-service/auth/guest'] = { status: 200, body: { accessToken: GUEST_TOKEN } };
  };
  return { answers, fetchMock, reset };
}
