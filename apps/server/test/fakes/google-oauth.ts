import { startFakeServer, type FakeServer } from './http';
import { FakeOAuthGrants } from './oauth';

/**
 * A local Google OAuth 2.0 token endpoint (`POST /token`, as at oauth2.googleapis.com):
 * authorization-code and refresh-token grants with client_id/client_secret in the form. Like
 * Google, a refresh grant answers no new refresh token, and a code answers one only when
 * issued with `withRefreshToken` (first consent with access_type=offline).
 */
export interface FakeGoogleOAuth extends FakeServer {
  users: FakeOAuthGrants;
  options: { tokenUrl: string; authorizeUrl: string; clientId: string; clientSecret: string };
}

export async function startFakeGoogleOAuth(): Promise<FakeGoogleOAuth> {
  const users = new FakeOAuthGrants({
    clientId: 'yt-client.apps.googleusercontent.com',
    clientSecret: 'yt-secret',
    clientAuth: 'form',
    prefix: 'ya29',
    rotateRefreshTokens: false,
    scope: 'https://www.googleapis.com/auth/youtube.readonly',
  });
  const server = await startFakeServer((req) => {
    if (req.method === 'GET' && req.path === '/authorize') return users.authorize(req);
    if (req.method === 'POST' && req.path === '/token') {
      if (users.handles(req)) return users.handle(req);
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' },
      };
    }
    return { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
  });
  return Object.assign(server, {
    users,
    options: {
      tokenUrl: `${server.url}/token`,
      authorizeUrl: `${server.url}/authorize`,
      clientId: users.options.clientId,
      clientSecret: users.options.clientSecret,
    },
  });
}
