import { authEndpoints } from '@tt/protocol';
import type { FakeServer } from '../../../../test/fakes/http';
import type { FakeOAuthGrants } from '../../../../test/fakes/oauth';
import { startTestServer, type TestServer } from '../../../../test/harness';

/** Test helpers of the music-provider token routes (imported by their tests only). */

/** The error messages every provider's token routes answer. */
export const MESSAGES = {
  CODE_REJECTED:
    'The music provider refused this authorization code (invalid, expired or already used); please connect again.',
  RECONNECT: 'The music provider no longer accepts this connection; please connect again.',
  UNAVAILABLE: 'The music provider is not answering right now, please try again.',
  GUEST: 'Guests cannot perform this action, please log in',
};

/** A local music provider whose `users` connect with OAuth (fakes/spotify, fakes/soundcloud). */
type ProviderFake = FakeServer & { users: FakeOAuthGrants };

export interface ProviderWorld<F extends ProviderFake> {
  fake: F;
  /** A server configured to reach `fake`. */
  s: TestServer;
  /** A guest's access token. */
  guest: string;
}

/** Starts the provider's fake, a server that `env` configures for it, and a guest session. */
export async function startWorld<F extends ProviderFake>(
  start: () => Promise<F>,
  env: (fake: F) => Record<string, string>,
): Promise<ProviderWorld<F>> {
  const fake = await start();
  const s = await startTestServer(env(fake));
  const guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
  return { fake, s, guest };
}

export async function closeWorld(w: { fake: ProviderFake; s: TestServer }): Promise<void> {
  await w.s.close();
  await w.fake.close();
}

/** The provider grants one-hour tokens again and its token endpoint answers (no outage). */
export function resetGrants(fake: ProviderFake): void {
  fake.users.expiresIn = 3600;
  fake.users.outage = 0;
}
