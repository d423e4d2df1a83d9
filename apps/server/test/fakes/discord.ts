import { startFakeServer, type FakeServer } from './http';
import { FakeOAuthGrants } from './oauth';

/** A Discord user as `GET /users/@me` answers it (identify + email scopes). */
export interface FakeDiscordUser {
  id: string;
  username: string;
  global_name: string | null;
  email: string | null;
  verified: boolean;
}

/**
 * A local Discord API (as at discord.com/api/v10): the consent page `GET /oauth2/authorize`
 * (this fake person always agrees), `POST /oauth2/token` (authorization-code and refresh grants,
 * client id and secret in the form; an activity's code carries no redirect URI) and
 * `GET /users/@me` with the Bearer token, answering 401 `{ message: '401: Unauthorized', code: 0 }`
 * for an unknown one. `person` is who is signed in to Discord when a code is issued.
 */
export interface FakeDiscord extends FakeServer {
  users: FakeOAuthGrants;
  person: FakeDiscordUser;
  /** A code as the activity's `authorize` command hands it (no redirect URI). */
  activityCode(): string;
  env: Record<string, string>;
}

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const users = new FakeOAuthGrants({
    clientId: '1234567890123456789',
    clientSecret: 'discord-secret',
    clientAuth: 'form',
    prefix: 'dc',
    rotateRefreshTokens: true,
    scope: 'identify email',
    redirectUriOptional: true,
  });
  const owners = new Map<string, FakeDiscordUser>();
  const codeOwners = new Map<string, FakeDiscordUser>();
  const fake = {} as FakeDiscord;
  const server = await startFakeServer((req) => {
    if (req.method === 'GET' && req.path === '/oauth2/authorize') {
      const answer = users.authorize(req);
      const code = answer.headers?.location
        ? new URL(answer.headers.location).searchParams.get('code')
        : null;
      if (code) codeOwners.set(code, { ...fake.person });
      return answer;
    }
    if (req.method === 'POST' && req.path === '/oauth2/token') {
      const code = new URLSearchParams(req.body).get('code');
      const answer = users.handle(req);
      const token = (answer.body as { access_token?: string } | undefined)?.access_token;
      if (token) owners.set(token, (code && codeOwners.get(code)) || { ...fake.person });
      return answer;
    }
    if (req.method === 'GET' && req.path === '/users/@me') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const owner = token ? owners.get(token) : undefined;
      if (!owner) return { status: 401, body: { message: '401: Unauthorized', code: 0 } };
      return { status: 200, body: { ...owner, discriminator: '0', avatar: null } };
    }
    return { status: 404, body: { message: '404: Not Found', code: 0 } };
  });
  return Object.assign(fake, server, {
    users,
    person: {
      id: '80351110224678912',
      username: 'nelly',
      global_name: 'Nelly',
      email: 'nelly@discord.example',
      verified: true,
    },
    activityCode: () => {
      const code = users.issueCode('');
      codeOwners.set(code, { ...fake.person });
      return code;
    },
    env: {
      DISCORD_CLIENT_ID: users.options.clientId,
      DISCORD_CLIENT_SECRET: users.options.clientSecret,
      DISCORD_API_URL: server.url,
      DISCORD_AUTHORIZE_URL: `${server.url}/oauth2/authorize`,
    },
  });
}
