import type { FastifyInstance } from 'fastify';
import { authEndpoints as e } from '@tt/protocol';
import { route } from '../../../platform/route';
import type { AccountService } from '../service';
import { clientIp } from '../service';
import { endEverySession } from './sessions';

/** Sign-up, login, session, public key and guest tokens. */
export function registerAuthRoutes(app: FastifyInstance, accounts: AccountService): void {
  route(app, e.signUp, async ({ body }) => {
    const user = await accounts.signUp(body);
    return { accessToken: await accounts.issueToken(user) };
  });

  route(app, e.login, async ({ body, request }) => ({
    accessToken: await accounts.login(body, clientIp(request)),
  }));

  route(app, e.session, async ({ auth }) => ({
    uuid: auth!.uuid,
    tokenRole: auth!.tokenRole,
    roles: auth!.roles,
    isGuest: auth!.isGuest,
    expiresAt: auth!.expiresAt.toISOString(),
  }));

  route(app, e.pubKey, () => ({
    publicKey: accounts.platform.tokens.publicKeyPem,
    algorithm: 'RS256' as const,
  }));

  route(app, e.guest, async () => ({ accessToken: await accounts.platform.tokens.signGuest() }));

  route(app, e.signOutEverywhere, async ({ auth }) => {
    await endEverySession(accounts, await accounts.me(auth));
    return { ended: true as const };
  });
}
