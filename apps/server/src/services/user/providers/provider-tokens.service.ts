import {
  type AgoraTokenDto,
  type AgoraTokenReq,
  type AppleUserTokenDto,
  type ExchangeCodeReq,
  type ProviderAccessTokenDto,
} from '@tt/protocol';
import type { AuthContext } from '../../../platform/auth';
import { requireAccess } from '../../../platform/access';
import { buildRtcToken } from '../../../platform/agora-token';
import { fail } from '../../../platform/errors';
import { clientCredentials } from '../../../platform/providers/http';
import type { TokenCipher } from './provider-tokens.crypto';
import {
  grantFailure,
  NOT_CONNECTED,
  oauthClient,
  requestTokens,
  type FailureKind,
  type GrantedTokens,
  type OAuthClient,
  type OAuthConnection,
} from './provider-tokens.oauth';
import { ProviderTokensRepository, type StoredConnection } from './provider-tokens.repository';
import type { UserRow } from '../repository';
import type { AccountService } from '../service';

/** An access token this close to its expiry is refreshed before it is handed out. */
const EXPIRY_MARGIN_MS = 60_000;

type PublicVariant = 'web' | 'mobile';

function toDto(
  accessToken: string,
  expiresAt: Date | null,
  scope: string | null,
): ProviderAccessTokenDto {
  return {
    accessToken,
    expiresAt: expiresAt ? expiresAt.toISOString() : null,
    expiresIn: expiresAt
      ? Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000))
      : null,
    scope,
  };
}

const expiryOf = (seconds: number | null) =>
  seconds === null ? null : new Date(Date.now() + seconds * 1000);

/**
 * Users' connections to Spotify, SoundCloud, YouTube and Apple Music; the app-level SoundCloud
 * token; Agora RTC tokens.
 */
export class ProviderTokenService {
  readonly repo: ProviderTokensRepository;
  /** One refresh at a time per user and connection (concurrent callers share it). */
  private refreshing = new Map<string, Promise<StoredConnection>>();
  private publicTokens = new Map<PublicVariant, { token: string; expiresAt: Date | null }>();
  private publicPending = new Map<
    PublicVariant,
    Promise<{ token: string; expiresAt: Date | null }>
  >();

  constructor(
    private readonly accounts: AccountService,
    cipher: TokenCipher,
  ) {
    this.repo = new ProviderTokensRepository(accounts.platform.db, cipher);
  }

  private get config() {
    return this.accounts.platform.config;
  }

  private warn(client: OAuthClient | string, kind: string, err: unknown): void {
    const provider = typeof client === 'string' ? client : client.connection;
    this.accounts.platform.log.warn(
      { provider, kind, err: err instanceof Error ? err.message : String(err) },
      'music-provider token request failed',
    );
  }

  /** Runs one grant; provider failures become our errors (see grantFailure). */
  private async grant(
    client: OAuthClient,
    kind: FailureKind,
    grant: Record<string, string | undefined>,
    onReconnect?: () => Promise<unknown>,
  ): Promise<GrantedTokens> {
    try {
      return await requestTokens(client, grant);
    } catch (err) {
      const f = grantFailure(err, kind);
      this.warn(client, kind, err);
      if (f.reconnect && onReconnect) await onReconnect();
      throw f.error;
    }
  }

  /** The caller's account (for the connections view). */
  caller(auth: AuthContext): Promise<UserRow> {
    return this.self(auth);
  }

  private async self(auth: AuthContext): Promise<UserRow> {
    const user = await this.accounts.repo.byUuid(auth.uuid);
    if (!user) throw fail('USER_PROFILE_NOT_FOUND');
    return user;
  }

  /** The account `idOrUuid` names, if the caller may read its tokens (itself, or a service). */
  private async readable(auth: AuthContext, idOrUuid: string): Promise<UserRow> {
    const user = await this.accounts.repo.byUuidOrId(idOrUuid);
    if (user && user.uuid === auth.uuid) return user;
    requireAccess(auth, 'provider.token.read');
    if (!user) throw fail('USER_PROFILE_NOT_FOUND');
    return user;
  }

  /** Exchanges an authorization code and keeps the user's tokens. */
  async exchange(
    auth: AuthContext,
    connection: OAuthConnection,
    body: ExchangeCodeReq,
  ): Promise<ProviderAccessTokenDto> {
    const client = oauthClient(this.config, connection);
    const user = await this.self(auth);
    const granted = await this.grant(client, 'exchange', {
      grant_type: 'authorization_code',
      code: body.code,
      redirect_uri: body.redirectUri,
      code_verifier: body.codeVerifier,
    });
    // Google answers a refresh token only on first consent: keep the one we had.
    const previous = granted.refreshToken ? null : await this.repo.get(user.id, connection);
    const expiresAt = expiryOf(granted.expiresInSeconds);
    await this.repo.save(user.id, connection, {
      accessToken: granted.accessToken,
      refreshToken: granted.refreshToken ?? previous?.refreshToken ?? null,
      expiresAt,
      scope: granted.scope,
    });
    return toDto(granted.accessToken, expiresAt, granted.scope);
  }

  /** Refreshes the user's access token with the kept refresh token (one request at a time). */
  private refreshStored(userId: number, connection: OAuthConnection): Promise<StoredConnection> {
    const key = `${userId}:${connection}`;
    let pending = this.refreshing.get(key);
    if (!pending) {
      pending = this.doRefresh(userId, connection).finally(() => this.refreshing.delete(key));
      this.refreshing.set(key, pending);
    }
    return pending;
  }

  private async doRefresh(userId: number, connection: OAuthConnection) {
    const client = oauthClient(this.config, connection);
    const stored = await this.repo.get(userId, connection);
    if (!stored) throw fail(NOT_CONNECTED[connection]);
    if (!stored.refreshToken) throw fail('PROVIDER_RECONNECT_NEEDED');
    const granted = await this.grant(
      client,
      'refresh',
      { grant_type: 'refresh_token', refresh_token: stored.refreshToken },
      () => this.repo.delete(userId, connection),
    );
    const next = {
      accessToken: granted.accessToken,
      refreshToken: granted.refreshToken ?? stored.refreshToken,
      expiresAt: expiryOf(granted.expiresInSeconds),
      scope: granted.scope ?? stored.scope,
    };
    const updatedAt = await this.repo.save(userId, connection, next);
    return { ...next, updatedAt };
  }

  async refresh(auth: AuthContext, connection: OAuthConnection): Promise<ProviderAccessTokenDto> {
    oauthClient(this.config, connection);
    const user = await this.self(auth);
    const c = await this.refreshStored(user.id, connection);
    return toDto(c.accessToken, c.expiresAt, c.scope);
  }

  /** Forgets the caller's connection (idempotent). */
  async disconnect(auth: AuthContext, connection: OAuthConnection): Promise<{ success: boolean }> {
    const user = await this.self(auth);
    await this.repo.delete(user.id, connection);
    return { success: true };
  }

  /** The user's current access token, refreshed first when it has expired or is about to. */
  private async current(user: UserRow, connection: OAuthConnection) {
    oauthClient(this.config, connection);
    let c = await this.repo.get(user.id, connection);
    if (!c) throw fail(NOT_CONNECTED[connection]);
    if (c.expiresAt && c.expiresAt.getTime() - Date.now() < EXPIRY_MARGIN_MS) {
      c = await this.refreshStored(user.id, connection);
    }
    return toDto(c.accessToken, c.expiresAt, c.scope);
  }

  /** For other services: a user's Spotify access token. */
  async spotifyFor(idOrUuid: string): Promise<ProviderAccessTokenDto> {
    oauthClient(this.config, 'spotify');
    return this.current(await this.accounts.find(idOrUuid), 'spotify');
  }

  /** A user's SoundCloud access token, for the user themself or a service. */
  async soundcloudFor(auth: AuthContext, idOrUuid: string, mobile: boolean) {
    const connection = mobile ? 'soundcloudMobile' : 'soundcloud';
    oauthClient(this.config, connection);
    return this.current(await this.readable(auth, idOrUuid), connection);
  }

  async saveAppleToken(auth: AuthContext, musicUserToken: string): Promise<AppleUserTokenDto> {
    const user = await this.self(auth);
    const at = await this.repo.save(user.id, 'apple', {
      accessToken: musicUserToken,
      refreshToken: null,
      expiresAt: null,
      scope: null,
    });
    return { musicUserToken, updatedAt: at.toISOString() };
  }

  /** For other services (ports.providerTokens): a user's Apple Music user token. */
  async appleTokenFor(idOrUuid: string): Promise<string> {
    const c = await this.repo.get((await this.accounts.find(idOrUuid)).id, 'apple');
    if (!c) throw fail(NOT_CONNECTED.apple);
    return c.accessToken;
  }

  async appleToken(auth: AuthContext, idOrUuid: string): Promise<AppleUserTokenDto> {
    const user = await this.readable(auth, idOrUuid);
    const c = await this.repo.get(user.id, 'apple');
    if (!c) throw fail(NOT_CONNECTED.apple);
    return { musicUserToken: c.accessToken, updatedAt: c.updatedAt.toISOString() };
  }

  /**
   * The app-level SoundCloud token (client credentials) of the web or mobile client, cached
   * until shortly before it expires. `stale` names a token SoundCloud just refused: when it is
   * the cached one, a new one is fetched (once, however many callers report it).
   */
  async publicToken(variant: PublicVariant, stale?: string): Promise<ProviderAccessTokenDto> {
    const connection = variant === 'mobile' ? 'soundcloudMobile' : 'soundcloud';
    const client = oauthClient(this.config, connection);
    const cached = this.publicTokens.get(variant);
    const fresh =
      cached &&
      cached.token !== stale &&
      (!cached.expiresAt || cached.expiresAt.getTime() - Date.now() > EXPIRY_MARGIN_MS);
    const t = fresh ? cached : await this.fetchPublicToken(variant, client);
    return toDto(t.token, t.expiresAt, null);
  }

  private fetchPublicToken(variant: PublicVariant, client: OAuthClient) {
    let pending = this.publicPending.get(variant);
    if (!pending) {
      pending = clientCredentials(client.tokenUrl, client.clientId, client.clientSecret)()
        .then(({ token, expiresInSeconds }) => {
          const t = { token, expiresAt: expiryOf(expiresInSeconds ?? null) };
          this.publicTokens.set(variant, t);
          return t;
        })
        .catch((err: unknown) => {
          this.warn(client, 'client_credentials', err);
          throw fail('PROVIDER_UNAVAILABLE');
        })
        .finally(() => this.publicPending.delete(variant));
      this.publicPending.set(variant, pending);
    }
    return pending;
  }

  /**
   * An Agora RTC token (AccessToken2) for the channel and uid. LIVE-AUDIO-10: a room's channel is
   * named by the room's uuid; a PUBLISHER token (one that may talk) only for someone the built-in
   * live audio would let on the mic there now, checked the same way (`room.voice.speak`, with the
   * DJs on stage and who a host let in). A SUBSCRIBER token only listens and is not checked.
   */
  async agoraToken(auth: AuthContext, body: AgoraTokenReq): Promise<AgoraTokenDto> {
    const { AGORA_APP_ID: appId, AGORA_APP_CERTIFICATE: appCertificate } = this.config;
    if (!appId || !appCertificate) throw fail('AGORA_NOT_CONFIGURED');
    if (body.role === 'PUBLISHER') {
      const liveAudio = this.accounts.platform.ports.liveAudio;
      if (!liveAudio) throw fail('SERVICE_UNAVAILABLE');
      const refused = await liveAudio.speakRefusal(auth, body.channelName);
      if (refused) throw fail(refused);
    }
    const issueTs = Math.floor(Date.now() / 1000);
    const token = buildRtcToken({ appId, appCertificate, issueTs, ...body });
    return {
      token,
      appId,
      channelName: body.channelName,
      uid: body.uid,
      role: body.role,
      expiresAt: new Date((issueTs + body.expireSeconds) * 1000).toISOString(),
    };
  }
}
