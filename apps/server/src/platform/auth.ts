import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  jwtVerify,
  SignJWT,
  type CryptoKey,
} from 'jose';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE_PRECEDENCE, type AuthRequirement, type TokenRole, type UserRole } from '@tt/protocol';
import { can } from '@tt/rules';
import type { Config } from './config';
import { fail } from './errors';

/** Kinds of token: a person's session, a guest, or a bot's long-lived token. */
export type TokenType = 'user' | 'guest' | 'bot';

/** What a verified bearer token says. */
export interface AuthContext {
  uuid: string;
  tokenRole: TokenRole;
  roles: TokenRole[];
  type: TokenType;
  isGuest: boolean;
  /** Session version at signing; bumped by kick/ban/password change to end old sessions. */
  sessionVersion: number;
  expiresAt: Date;
  token: string;
}

export interface SignInput {
  uuid: string;
  roles: UserRole[];
  type?: TokenType;
  sessionVersion?: number;
  ttlSeconds?: number;
}

/** Checks that a verified session is still live (the user service installs one). */
export type SessionCheck = (auth: AuthContext) => Promise<void>;

const ISSUER = 'turntable-live';

/**
 * ROOM-MEM-3: one frozen array per distinct list of roles, shared by every context that holds it
 * (a room of 10,000 guests holds one ['guest'], not 10,000). Tokens are signed by this server, so
 * the lists are few; past 256 of them a list is frozen but not kept.
 */
const rolesSeen = new Map<string, TokenRole[]>();
export function sharedRoles(roles: TokenRole[]): TokenRole[] {
  if (!roles.every((r) => typeof r === 'string')) return roles;
  const key = JSON.stringify(roles);
  const seen = rolesSeen.get(key);
  if (seen) return seen;
  const frozen = Object.freeze([...roles]) as TokenRole[];
  if (rolesSeen.size < 256) rolesSeen.set(key, frozen);
  return frozen;
}

export function highestRole(roles: readonly TokenRole[]): TokenRole {
  if (roles.includes('guest') && roles.length === 1) return 'guest';
  return ROLE_PRECEDENCE.find((r) => roles.includes(r)) ?? 'user';
}

/** SEC-TOKEN-KEEP-1: how many checked tokens a process remembers (about 1 KB each). */
const KEPT_TOKENS = 2048;

/** RS256 JWT signing and verification; keys from env or generated into DATA_DIR/keys. */
export class TokenService {
  private sessionChecks: SessionCheck[] = [];
  /**
   * SEC-TOKEN-KEEP-1: the claims of tokens whose signature this process has already checked, by
   * the whole token, oldest first (at most `KEPT_TOKENS`); the expiry and the session checks are
   * still judged on every request.
   */
  private readonly verified = new Map<string, Record<string, unknown>>();

  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    readonly publicKeyPem: string,
    private readonly config: Config,
  ) {}

  static async create(config: Config): Promise<TokenService> {
    let privatePem = config.JWT_PRIVATE_KEY;
    let publicPem = config.JWT_PUBLIC_KEY;
    if (!privatePem || !publicPem) {
      const dir = path.join(config.dataDir, 'keys');
      const privFile = path.join(dir, 'jwt-private.pem');
      const pubFile = path.join(dir, 'jwt-public.pem');
      try {
        privatePem = await fs.readFile(privFile, 'utf8');
        publicPem = await fs.readFile(pubFile, 'utf8');
      } catch {
        const pair = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
        privatePem = await exportPKCS8(pair.privateKey);
        publicPem = await exportSPKI(pair.publicKey);
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(privFile, privatePem, { mode: 0o600 });
        await fs.writeFile(pubFile, publicPem);
      }
    }
    return new TokenService(
      await importPKCS8(privatePem, 'RS256'),
      await importSPKI(publicPem, 'RS256'),
      publicPem,
      config,
    );
  }

  /** Adds a check run on every verified token (e.g. "the account is not banned"). */
  addSessionCheck(check: SessionCheck): void {
    this.sessionChecks.push(check);
  }

  async sign(input: SignInput): Promise<string> {
    const type = input.type ?? 'user';
    const roles: TokenRole[] = type === 'guest' ? ['guest'] : [...new Set(input.roles)];
    const ttl =
      input.ttlSeconds ??
      (type === 'guest'
        ? this.config.GUEST_TOKEN_TTL
        : type === 'bot'
          ? this.config.BOT_TOKEN_TTL
          : this.config.ACCESS_TOKEN_TTL);
    return new SignJWT({
      uuid: input.uuid,
      tokenRole: highestRole(roles),
      roles,
      type,
      sv: input.sessionVersion ?? 0,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setSubject(input.uuid)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
      .sign(this.privateKey);
  }

  async signGuest(): Promise<string> {
    return this.sign({ uuid: randomUUID(), roles: [], type: 'guest' });
  }

  /**
   * Verifies signature, issuer and expiry, then the session checks. Throws 401 AppErrors. With
   * `remember` (the HTTP routes, where one token comes back request after request), a signature
   * checked once is not checked again (SEC-TOKEN-KEEP-1).
   */
  async verify(token: string, remember = false): Promise<AuthContext> {
    let payload = remember ? this.verified.get(token) : undefined;
    if (payload && Number(payload.exp) * 1000 <= Date.now()) payload = undefined;
    if (!payload) {
      try {
        ({ payload } = await jwtVerify(token, this.publicKey, {
          issuer: ISSUER,
          algorithms: ['RS256'],
          // SEC-TOKEN-EXP-1: a token must say when it ends (and who it is for).
          requiredClaims: ['exp', 'sub'],
        }));
      } catch {
        this.verified.delete(token);
        throw fail('TOKEN_INVALID');
      }
      if (remember) {
        if (this.verified.size >= KEPT_TOKENS)
          this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, payload);
      }
    }
    const roles = sharedRoles(Array.isArray(payload.roles) ? (payload.roles as TokenRole[]) : []);
    const type = (payload.type as TokenType) ?? 'user';
    const ctx: AuthContext = {
      uuid: String(payload.uuid ?? payload.sub),
      tokenRole: (payload.tokenRole as TokenRole) ?? highestRole(roles),
      roles,
      type,
      isGuest: type === 'guest',
      sessionVersion: Number(payload.sv ?? 0),
      expiresAt: new Date(Number(payload.exp) * 1000),
      token,
    };
    if (!ctx.isGuest) for (const check of this.sessionChecks) await check(ctx);
    return ctx;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
    /** The service the route's contract declares (SEC-AUTH-USER-1). */
    service?: string;
    missingFieldsMessage?: string;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const m = /^Bearer\s+(.+)$/i.exec(header.trim());
    return m ? m[1] : undefined;
  }
  return undefined;
}

/** Checks a verified context against a route's requirement. */
export function assertAllowed(auth: AuthContext | null, requirement: AuthRequirement): void {
  if (requirement === 'public') return;
  if (!auth) throw fail('TOKEN_MISSING');
  if (requirement === 'authenticated') return;
  if (auth.isGuest) throw fail('GUEST_NOT_ALLOWED');
  if (requirement === 'user') return;
  // ACCESS-ROUTE-1: a route's permission is platform-wide (no resource), refused as FORBIDDEN_ROLE.
  if (!can(auth, requirement)) throw fail('FORBIDDEN_ROLE');
}

/** Reads the bearer token of every request and enforces the route's declared `config.auth`. */
export function installAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const requirement = request.routeOptions.config?.auth;
    if (requirement === undefined) return;
    const token = bearer(request);
    if (token) {
      try {
        request.auth = await tokens.verify(token, true);
      } catch (err) {
        // A stale or foreign token must not lock anyone out of public routes (e.g. logging in again).
        if (requirement !== 'public') throw err;
      }
    }
    // SEC-AUTH-USER-1: a user-service action without a token is "Unauthorized to perform action".
    if (
      !request.auth &&
      requirement !== 'public' &&
      request.routeOptions.config?.service === 'user'
    )
      throw fail('USER_ACTION_UNAUTHORIZED');
    assertAllowed(request.auth, requirement);
  });
}

/** The caller of a route that required a token. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw fail('TOKEN_MISSING');
  return request.auth;
}
