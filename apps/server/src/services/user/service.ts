import { createHash, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type {
  AdminUserDto,
  OwnProfileDto,
  TokenRole,
  UserProfileDto,
  UserRole,
} from '@tt/protocol';
import { ERRORS } from '@tt/protocol';
import type { Platform } from '../../platform/service';
import type { AuthContext } from '../../platform/auth';
import { highestRole } from '../../platform/auth';
import { AppError, fail } from '../../platform/errors';
import type { BusTopic, BusTopics } from '../../platform/bus';
import { PasswordHasher } from '../../platform/passwords';
import { UserRepository, type EmailRow, type UserRow } from './repository';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A six-digit code for e-mail and phone verification. */
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toPublicProfile(u: UserRow): UserProfileDto {
  return {
    id: u.id,
    uuid: u.uuid,
    color: u.color,
    avatarId: u.avatarId,
    nickname: u.nickname,
    firstName: u.firstName,
    lastName: u.lastName,
    pronoun: u.pronoun,
    displayPronouns: u.displayPronouns,
    songOfTheWeek: u.songOfTheWeek,
    song: u.song ?? null,
    zodiac: u.zodiac,
    createdAt: u.createdAt.toISOString(),
    coverPicture: u.coverPicture,
    profilePicture: u.profilePicture,
    facebook: u.facebook,
    instagram: u.instagram,
    twitter: u.twitter,
    snapchat: u.snapchat,
    tiktok: u.tiktok,
    badges: u.badges,
    priceForGig: u.priceForGig,
  };
}

export function toOwnProfile(u: UserRow, email: EmailRow | undefined): OwnProfileDto {
  return {
    ...toPublicProfile(u),
    email: email?.email ?? null,
    emailVerified: email?.status === 'VERIFIED' || email?.status === 'CREATED_BY_ADMIN',
    phoneNumber: u.phoneNumber,
    roles: u.roles,
    tokenRole: highestRole(u.roles as TokenRole[]),
    capabilities: u.capabilities,
    musicProviders: u.musicProviders,
    status: u.status,
    isBot: u.isBot,
    hasPassword: Boolean(u.passwordHash),
    updatedAt: u.updatedAt.toISOString(),
  };
}

export function toAdminUser(u: UserRow, email: EmailRow | undefined): AdminUserDto {
  return {
    ...toOwnProfile(u, email),
    banned: isBanned(u),
    bannedUntil: iso(u.bannedUntil),
    lastLoginAt: iso(u.lastLoginAt),
    botOwnerUuid: u.botOwnerUuid ?? null,
  };
}

export function isBanned(u: Pick<UserRow, 'banned' | 'bannedUntil'>, now = new Date()): boolean {
  if (!u.banned) return false;
  return !u.bannedUntil || u.bannedUntil > now;
}

/** "This account is banned", with "until <ISO instant>" for a temporary ban (SEC-SESSION-3). */
function bannedText(u: Pick<UserRow, 'bannedUntil'>): string {
  return u.bannedUntil
    ? `This account is banned until ${u.bannedUntil.toISOString()}`
    : ERRORS.ACCOUNT_BANNED.message;
}

export function defaultNickname(email: string): string {
  const local = email.split('@')[0].replace(/[^a-zA-Z0-9_.-]/g, '') || 'listener';
  return local.slice(0, 32);
}

/**
 * The core of the user service: accounts, tokens and sessions. The other parts of the
 * service (e-mails, phone, profiles, moderation, vouchers, admin) build on it.
 */
export class AccountService {
  readonly repo: UserRepository;
  readonly passwords: PasswordHasher;

  constructor(readonly platform: Platform) {
    this.repo = new UserRepository(platform.db);
    this.passwords = new PasswordHasher(platform.config.ARGON2_MEMORY_KIB, {
      concurrency: platform.config.PASSWORD_HASH_CONCURRENCY,
      maxQueue: platform.config.PASSWORD_HASH_MAX_QUEUE,
    });
  }

  /** Live fan-out (BUS-TYPES-1); what must last is work, written in the change's transaction. */
  emit<T extends BusTopic>(topic: T, payload: BusTopics[T]): Promise<void> {
    return this.platform.bus.publish(topic, payload);
  }

  /** Signs an access token for the account (bots get long-lived bot tokens). */
  issueToken(u: UserRow): Promise<string> {
    return this.platform.tokens.sign({
      uuid: u.uuid,
      roles: u.roles,
      type: u.isBot ? 'bot' : 'user',
      sessionVersion: u.sessionVersion,
    });
  }

  /** Refuses a token whose account is gone, banned, deactivated or whose session was ended. */
  async checkSession(auth: AuthContext): Promise<void> {
    const u = await this.repo.sessionOf(auth.uuid);
    if (!u) throw fail('SESSION_REVOKED');
    // SEC-SESSION-3: a ban ends the session with a 401 that says so (and until when), so the app
    // can tell the person why they were signed out.
    if (isBanned(u)) throw new AppError(401, 'ACCOUNT_BANNED', bannedText(u));
    if (u.sessionVersion !== auth.sessionVersion) throw fail('SESSION_REVOKED');
    if (u.status === 'DEACTIVATED') throw fail('ACCOUNT_DEACTIVATED');
  }

  /** Throws unless the account may log in. */
  assertMayLogIn(u: UserRow): void {
    if (isBanned(u)) {
      throw fail('ACCOUNT_BANNED', bannedText(u));
    }
    if (u.status === 'DEACTIVATED') throw fail('ACCOUNT_DEACTIVATED');
  }

  /** The calling account, or 404 "User profile not found." */
  async me(auth: AuthContext | null): Promise<UserRow> {
    if (!auth) throw fail('USER_ACTION_UNAUTHORIZED'); // SEC-AUTH-USER-1
    const u = await this.repo.byUuid(auth.uuid);
    if (!u) throw fail('USER_PROFILE_NOT_FOUND');
    return u;
  }

  /** Any account by uuid or numeric id, or 404 "User profile not found." */
  async find(idOrUuid: string): Promise<UserRow> {
    const u = await this.repo.byUuidOrId(idOrUuid);
    if (!u) throw fail('USER_PROFILE_NOT_FOUND');
    return u;
  }

  /**
   * SEC-UNVERIFIED-1: a verified account may create rooms, crates and bots. Verified: the primary
   * e-mail address is VERIFIED or CREATED_BY_ADMIN (the own profile's emailVerified), or the
   * account logs in by phone (its number was proven by a texted code), or it is a bot (its owner
   * was verified). The web hides its create buttons by the same rule (apps/web/src/features/profile/queries.ts).
   */
  async isVerified(u: UserRow): Promise<boolean> {
    if (u.isBot || u.phoneNumber) return true;
    return toOwnProfile(u, await this.repo.primaryEmail(u.id)).emailVerified;
  }

  async ownProfile(u: UserRow): Promise<OwnProfileDto> {
    return toOwnProfile(u, await this.repo.primaryEmail(u.id));
  }

  /** Creates an account with a primary e-mail and a verification code; answers the row and the code. */
  async createAccount(input: {
    email: string;
    password: string | null;
    nickname?: string;
    roles?: UserRole[];
    emailStatus?: EmailRow['status'];
    isBot?: boolean;
    botOwnerUuid?: string;
  }): Promise<{ user: UserRow; email: EmailRow; code: string | null }> {
    const address = input.email.trim().toLowerCase();
    if (await this.repo.liveEmail(address)) throw fail('EMAIL_ALREADY_REGISTERED');
    const passwordHash = input.password ? await this.passwords.hash(input.password) : null;
    const status = input.emailStatus ?? 'PENDING_VERIFICATION';
    const code = status === 'PENDING_VERIFICATION' ? sixDigitCode() : null;
    const now = new Date();
    try {
      const result = await this.repo.transaction(async (repo, tx) => {
        const user = await repo.create({
          nickname: input.nickname?.trim() || defaultNickname(address),
          passwordHash,
          roles: input.roles ?? ['user'],
          isBot: input.isBot ?? false,
          botOwnerUuid: input.botOwnerUuid,
        });
        const email = await repo.addEmail({
          userId: user.id,
          email: address,
          isPrimary: true,
          status,
          verificationCode: code ? sha256(code) : null,
          verificationExpiresAt: code
            ? new Date(now.getTime() + this.platform.config.EMAIL_CODE_TTL * 1000)
            : null,
          verificationSentAt: code ? now : null,
          verifiedAt: status === 'VERIFIED' ? now : null,
        });
        await this.platform.outbox.add(tx, 'user.created', {
          uuid: user.uuid,
          nickname: user.nickname,
          isBot: user.isBot,
        });
        return { user, email };
      });
      this.platform.outbox.kick();
      return { ...result, code };
    } catch (err) {
      // Two sign-ups racing for one address: the unique index decides.
      if (
        String(
          (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code,
        ) === '23505'
      ) {
        throw fail('EMAIL_ALREADY_REGISTERED');
      }
      throw err;
    }
  }

  /** Sends the verification e-mail carrying `code` for the address. */
  async mailVerificationCode(address: string, code: string): Promise<void> {
    const link = `${this.platform.config.publicUrl}/verify-email?email=${encodeURIComponent(address)}&code=${code}`;
    await this.platform.mailer.send({
      to: address,
      subject: `Your Turntable LIVE verification code: ${code}`,
      text: `Welcome to Turntable LIVE!\n\nYour verification code is ${code}\n\nOr open ${link}\n\nIf you did not sign up, ignore this e-mail.`,
      html: `<p>Welcome to Turntable LIVE!</p><p>Your verification code is <b style="font-size:20px">${code}</b></p><p><a href="${link}">Verify my e-mail</a></p>`,
    });
  }

  async signUp(input: { email: string; password: string; nickname?: string }): Promise<UserRow> {
    const { user, email, code } = await this.createAccount(input);
    if (code) await this.mailVerificationCode(email.email, code);
    return user;
  }

  /**
   * E-mail + password login. Wrong passwords are counted so that guessing stops without handing
   * the lock to the guesser:
   * - per IP: LOGIN_MAX_ATTEMPTS_PER_IP attempts (right or wrong) within the window, any account;
   * - SEC-LOGIN-1, per account and client (IP): after LOGIN_MAX_FAILURES_PER_CLIENT wrong ones,
   *   that client gets 429 for this account — a right password too — until the window passes;
   *   other clients are not affected;
   * - SEC-LOGIN-2, per account from all clients: after LOGIN_MAX_FAILURES_PER_ACCOUNT wrong ones,
   *   only known clients (an IP that logged in to the account within LOGIN_KNOWN_CLIENT_TTL) may
   *   still try; new ones get 429. Magic links, phone codes and password reset are not blocked.
   * Counts are kept by address, so unknown addresses behave exactly like real ones.
   */
  async login(input: { email: string; password: string }, ip: string): Promise<string> {
    const { counters, config } = this.platform;
    const address = input.email.trim().toLowerCase();
    const window = config.LOGIN_THROTTLE_WINDOW;
    const keys = loginKeys(address, ip);
    if ((await counters.hit(`login-ip:${ip}`, window)) > config.LOGIN_MAX_ATTEMPTS_PER_IP) {
      throw fail('LOGIN_THROTTLED');
    }
    // Counted before the password is checked, so parallel guesses cannot slip past the limit;
    // a right password clears it.
    if ((await counters.hit(keys.client, window)) > config.LOGIN_MAX_FAILURES_PER_CLIENT) {
      throw fail('LOGIN_THROTTLED');
    }
    const email = await this.repo.liveEmail(address);
    const user = email ? await this.repo.byId(email.userId) : undefined;
    if (
      (await counters.get(keys.account)) >= config.LOGIN_MAX_FAILURES_PER_ACCOUNT &&
      !(user && (await this.isKnownClient(user.id, ip)))
    ) {
      throw fail('LOGIN_THROTTLED');
    }
    const ok = await this.passwords.verify(user?.passwordHash, input.password);
    if (!user || !email || !ok) {
      await counters.hit(keys.account, window);
      throw fail('INCORRECT_CREDENTIALS');
    }
    await counters.reset(keys.client);
    if (email.status === 'PENDING_VERIFICATION') throw fail('EMAIL_NOT_VERIFIED');
    this.assertMayLogIn(user);
    await this.rememberClient(user.id, ip);
    const updated = await this.repo.update(user.id, { lastLoginAt: new Date() });
    return this.issueToken(updated);
  }

  private knownClientKey(userId: number, ip: string) {
    return `login-known:${sha256(`${userId}|${ip}`)}`;
  }

  /** SEC-LOGIN-2: this client (IP) logged in to the account; known for LOGIN_KNOWN_CLIENT_TTL. */
  async rememberClient(userId: number, ip: string): Promise<void> {
    const key = this.knownClientKey(userId, ip);
    // From its latest login: the window starts again.
    await this.platform.counters.reset(key);
    await this.platform.counters.hit(key, this.platform.config.LOGIN_KNOWN_CLIENT_TTL);
  }

  async isKnownClient(userId: number, ip: string): Promise<boolean> {
    return (await this.platform.counters.get(this.knownClientKey(userId, ip))) > 0;
  }
}

/** Failure counter keys of a login: hashed, so no address or IP is stored in clear. */
function loginKeys(address: string, ip: string) {
  return {
    /** Wrong passwords from this client for this account (SEC-LOGIN-1). */
    client: `login-fail-client:${sha256(`${address}|${ip}`)}`,
    /** Wrong passwords for this account from every client (SEC-LOGIN-2). */
    account: `login-fail:${sha256(address)}`,
  };
}

export function clientIp(request: FastifyRequest): string {
  return request.ip || 'unknown';
}
