import path from 'node:path';
import { z } from 'zod';
import { SERVICE_NAMES, type ServiceName } from '@tt/protocol';
import { parseRateRule, parseSocketRateLimits } from '@tt/rules';
import { parseTrustProxy, trustProxyProblem, type TrustProxy } from './client-address';
import { mediaToolPath } from './media-tools';
import { ProviderEnv, providerOptionsFromEnv, type ProviderOptions } from './providers/config';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const duration = z
  .string()
  .regex(/^\d+[smhd]$/, 'must be a duration like 30m, 12h or 7d')
  .transform((v) => {
    const n = Number(v.slice(0, -1));
    const unit = { s: 1, m: 60, h: 3600, d: 86400 }[v.slice(-1) as 's' | 'm' | 'h' | 'd'];
    return n * unit;
  });

const services = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(SERVICE_NAMES)).min(1, 'must name at least one service'));

/** Every variable the platform reads. `.env.example` explains each one. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]+:$/, 'letters, digits, . _ - and a final ":"')
    .default('tt:'),
  /** ROOM-OWNER-1: how long a live room's lease lasts unrenewed, in ms (with REDIS_URL). */
  ROOM_LEASE_MS: z.coerce.number().int().min(1000).max(120_000).default(6000),
  /** ROOM-SAVE-1: a live room's state is written at most once per this many ms. */
  ROOM_SAVE_INTERVAL_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  /**
   * WORK-OUTBOX-1: whether this process relays committed outbox events to the job queue. Off for
   * a process that should only serve requests (another process relays).
   */
  OUTBOX_RELAY: bool.default(true),
  /** How often the relay looks for committed events it was not told about (milliseconds). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /**
   * WORK-OUTBOX-7: a commit's kick relays after this many ms, so the events committed meanwhile
   * share one relay pass (0: at once).
   */
  OUTBOX_RELAY_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(25),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Turntable LIVE <no-reply@turntable.local>'),
  SERVICES: services.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.optional(),
  WEB_DIST: z.string().optional(),
  /** BRAND-NAME-1, BRAND-PROVIDERS-1: which product this server is (name, colours, music). */
  BRAND: z.enum(['turntable', 'hangout']).default('turntable'),
  SEED_DEMO: bool.default(true),
  /** PTS-DJ-4: a song pays points only when it played at least this long (seconds). */
  POINTS_MIN_PLAYED_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  /** TRUST-2: songs heard to the end (listener credits) that make a new account trusted. */
  TRUST_MIN_SONGS_HEARD: z.coerce.number().int().min(0).max(100_000).default(20),
  /** TRUST-2: lifetime points that make a new account trusted (either threshold is enough). */
  TRUST_MIN_POINTS: z.coerce.number().int().min(0).max(1_000_000).default(50),
  /** TRUST-6: a room with more listeners than this is busy (untrusted accounts take no seat). */
  TRUST_BUSY_ROOM_LISTENERS: z.coerce.number().int().min(0).max(100_000).default(25),
  /** DEMO-RESIDENT-1: resident DJs keep the demo rooms playing (with SEED_DEMO; one process of a cluster). */
  DEMO_RESIDENTS: bool.default(true),
  JWT_PRIVATE_KEY: z
    .string()
    .includes('PRIVATE KEY', { message: 'must be a PEM private key' })
    .optional(),
  JWT_PUBLIC_KEY: z
    .string()
    .includes('PUBLIC KEY', { message: 'must be a PEM public key' })
    .optional(),
  ACCESS_TOKEN_TTL: duration.prefault('7d'),
  GUEST_TOKEN_TTL: duration.prefault('1d'),
  BOT_TOKEN_TTL: duration.prefault('365d'),
  RATE_LIMIT_ENABLED: bool.default(true),
  /** Proxies whose X-Forwarded-For is believed: a hop count or addresses/CIDRs; unset: none. */
  TRUST_PROXY: z
    .string()
    .refine((v) => trustProxyProblem(v) === null, {
      error: (i) =>
        `must be a hop count or a list of addresses: ${trustProxyProblem(String(i.input))}`,
    })
    .optional(),
  /** Other origins allowed to call the API from a browser (comma list); unset: same origin only. */
  CORS_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().replace(/\/$/, ''))
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ })))
    .optional(),
  /** SEC-LOGIN-1: wrong passwords for one account from one client (IP) before that pair gets 429. */
  LOGIN_MAX_FAILURES_PER_CLIENT: z.coerce.number().int().min(1).default(5),
  /** SEC-LOGIN-2: wrong passwords for one account from all clients before only known clients may try. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(50),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_THROTTLE_WINDOW: duration.prefault('15m'),
  /** SEC-LOGIN-2: how long a client (IP) that logged in to an account stays "known" for it. */
  LOGIN_KNOWN_CLIENT_TTL: duration.prefault('30d'),
  /** SEC-CODE-1: wrong codes per target (account, phone number) within the window, then 429. */
  CODE_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  CODE_FAILURE_WINDOW: duration.prefault('15m'),
  /** SEC-CODE-1: wrong codes per target within 24 hours (bounds guesses over a code's lifetime). */
  CODE_MAX_FAILURES_PER_DAY: z.coerce.number().int().min(1).default(10),
  /** SEC-CODE-2: wrong codes, tokens, links and vouchers from one IP within the window, then 429. */
  CODE_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  EMAIL_VERIFICATION_MIN_INTERVAL: duration.prefault('60s'),
  EMAIL_CODE_TTL: duration.prefault('24h'),
  MAGIC_LINK_TTL: duration.prefault('10m'),
  PASSWORD_RESET_TTL: duration.prefault('1h'),
  PHONE_CODE_TTL: duration.prefault('10m'),
  PHONE_CODE_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  SMS_BASE_URL: z.string().url().optional(),
  SMS_API_KEY: z.string().optional(),
  SMS_FROM: z.string().default('TTLIVE'),
  REALTIME_PING_INTERVAL: duration.prefault('25s'),
  REALTIME_IDLE_TIMEOUT: duration.prefault('70s'),
  ROOM_LEAVE_GRACE: duration.prefault('20s'),
  /** SEC-SOCKETS-1: open room sockets one user may hold, and one address. */
  REALTIME_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(10),
  REALTIME_MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).default(50),
  /** SEC-FLOOD-1: overrides of the socket rate table (packages/rules), `kind=burst/perSecond,…`. */
  REALTIME_RATE_LIMITS: z
    .string()
    .transform((v, ctx) => {
      try {
        return parseSocketRateLimits(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  /** SEC-FLOOD-2: this many refused frames within the window close the connection. */
  REALTIME_FLOOD_MAX_REFUSALS: z.coerce.number().int().min(1).default(50),
  REALTIME_FLOOD_WINDOW: duration.prefault('10s'),
  /** SEC-GUEST-1: guests a room admits besides its users, as a share of roomSize (0: none). */
  ROOM_GUEST_ALLOWANCE_RATIO: z.coerce.number().min(0).max(100).default(1),
  /** SEC-ROOMPW-1: wrong room passwords within the window before 429. */
  ROOM_PASSWORD_MAX_FAILURES_PER_USER: z.coerce.number().int().min(1).default(5),
  ROOM_PASSWORD_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  ROOM_PASSWORD_MAX_FAILURES_PER_ROOM: z.coerce.number().int().min(1).default(100),
  ROOM_PASSWORD_THROTTLE_WINDOW: duration.prefault('15m'),
  /** SEC-ROOM-PRIV-1: how long a password given to the REST join opens a room's live state. */
  ROOM_PASSWORD_GRANT_TTL: duration.prefault('30m'),
  /** SEC-ROOMPW-3: argon2 hashes/verifications running at once per process, and waiting. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  PASSWORD_HASH_MAX_QUEUE: z.coerce.number().int().min(0).default(100),
  /** GET /search/v2 answers (it is 404 while off). */
  SEARCH_V2: bool.default(false),
  /** How long a search waits for one music provider before leaving its results out. */
  SEARCH_PROVIDER_TIMEOUT: duration.prefault('5s'),
  /** The music-analysis GraphQL endpoint (similar tracks); unset: similar tracks are unavailable. */
  MUSIC_ANALYSIS_URL: z.string().url().optional(),
  /** Sent to the music-analysis service as Authorization: Bearer. */
  MUSIC_ANALYSIS_TOKEN: z.string().optional(),
  /** ANALYSIS-2: the secret the music-analysis service signs its webhook with (off when unset). */
  MUSIC_ANALYSIS_WEBHOOK_SECRET: z.string().min(8).optional(),
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  /** Most bytes of one uploaded song (POST /upload/song). */
  SONG_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  /** Song transcodes (ffmpeg → AES-128 HLS) running at once in one process. */
  SONG_TRANSCODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Transcodes waiting or running past which a new upload is VERIFICATION_POSTPONED; 0 postpones all. */
  SONG_TRANSCODE_MAX_PENDING: z.coerce.number().int().min(0).default(50),
  /** Wait before a postponed transcode (queue full, ffmpeg unavailable) is tried again. */
  SONG_TRANSCODE_RETRY_DELAY: duration.prefault('5m'),
  /**
   * SEC-JOBS-2, SEC-TMP-1: a song awaiting verification unchanged this long is queued again (its
   * job was lost); leftover transcode files this old are removed. Longer than any transcode runs.
   */
  SONG_TRANSCODE_GRACE: duration.prefault('15m'),
  /** The ffmpeg and ffprobe programs (a name on PATH or a path); unset: PATH, else the bundled static build. */
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  /** SEC-HLS-KEY-1: signs HLS key URLs; unset: a secret generated into DATA_DIR/keys. */
  HLS_KEY_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** SEC-HLS-KEY-1: how long a signed HLS key URL (written into a listener's playlist) works. */
  HLS_KEY_URL_TTL: duration.prefault('5m'),
  /** SEC-HLS-KEY-3: different songs a guest may hear (HLS keys) per guest token. */
  GUEST_PREVIEW_SONGS: z.coerce.number().int().min(0).max(1000).default(3),
  /** SEC-HLS-KEY-3: different songs a user may preview per hour outside a room (0: none). */
  USER_PREVIEW_SONGS_PER_HOUR: z.coerce.number().int().min(0).max(10000).default(30),
  /** Shared secret of POST /upload/transcoder_sns (header x-transcoder-token or ?token=); unset: the callback is off. */
  TRANSCODER_SNS_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  /** Encrypts users' music-provider tokens at rest; unset: a key generated into DATA_DIR/keys. */
  PROVIDER_TOKEN_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Agora RTC (POST /agora/token): the project's App ID and App Certificate (32 hex digits each). */
  AGORA_APP_ID: z
    .string()
    .regex(/^[0-9a-fA-F]{32}$/, 'must be the 32 hex digits of an Agora App ID')
    .optional(),
  AGORA_APP_CERTIFICATE: z
    .string()
    .regex(/^[0-9a-fA-F]{32}$/, 'must be the 32 hex digits of an Agora App Certificate')
    .optional(),
  /** Chat (docs/CHAT-RULES.md): the server key of `apikey` + `onBehalfOf` calls; unset: refused. */
  CHAT_API_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
  /** How long a chat token (GET /comet-chat/user-token) works; a ghost (guest) token. */
  CHAT_TOKEN_TTL: duration.prefault('30d'),
  CHAT_GHOST_TOKEN_TTL: duration.prefault('1d'),
  /** CHAT-LEN-1: the longest chat text. */
  CHAT_MESSAGE_MAX_LENGTH: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** CHAT-FLOOD-1: chat writes per user, `burst/perSecond`. */
  CHAT_RATE_LIMIT: z
    .string()
    .transform((v, ctx) => {
      try {
        return parseRateRule(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  /** Payments (Stripe); the payment routes answer PAYMENTS_NOT_CONFIGURED until both are set. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe SDK sends its calls (default Stripe's API); tests use a local fake. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** CHAT-GIF-1: GIF search for chat; off until GIF_API_KEY is set. */
  GIF_PROVIDER: z.enum(['tenor', 'giphy']).default('tenor'),
  GIF_API_KEY: z.string().min(1).optional(),
  /** The provider's API base URL (default: its public API). */
  GIF_BASE_URL: z.string().url().optional(),
  /** The highest rating shown (GIPHY's g, pg, pg-13, r; Tenor's contentfilter follows it). */
  GIF_RATING: z.enum(['g', 'pg', 'pg-13', 'r']).default('pg-13'),
  /** Web push (SOCIAL-PUSH-*): VAPID keys (base64url); unset: a pair generated into DATA_DIR/keys. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[\w-]{80,100}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[\w-]{40,50}$/, 'must be a base64url P-256 private key')
    .optional(),
  /** Who push services may contact about our pushes (mailto: or https:); default mailto:push@<host>. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
    .optional(),
  /** SOCIAL-PUSH-2: accept http and private or loopback push endpoints (tests, local fakes only). */
  PUSH_ALLOW_INSECURE_ENDPOINTS: bool.default(false),
  /** Mobile push through FCM HTTP v1 (NOTIFY-PUSH-*): off until project, client e-mail and key are set. */
  FCM_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{3,64}$/, 'must be a Firebase project id')
    .optional(),
  FCM_CLIENT_EMAIL: z.string().email('must be the service account e-mail').optional(),
  /** The service account's private key (PEM; literal \n accepted). */
  FCM_PRIVATE_KEY: z.string().min(100).optional(),
  FCM_API_BASE: z.string().url().default('https://fcm.googleapis.com'),
  FCM_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  /** Mobile push through APNs (token auth): off until key id, team id, key and bundle id are set. */
  APNS_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character key id')
    .optional(),
  APNS_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character team id')
    .optional(),
  /** The .p8 key (PEM; literal \n accepted). */
  APNS_PRIVATE_KEY: z.string().min(100).optional(),
  APNS_BUNDLE_ID: z
    .string()
    .regex(/^[\w.-]+$/, 'must be the app bundle id')
    .optional(),
  APNS_API_BASE: z.string().url().default('https://api.push.apple.com'),
  /** SOCIAL-CONTACT-1: the salt of address-book hashes; unset: a secret generated into DATA_DIR/keys. */
  CONTACT_HASH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** NOTIFY-DJ-2: a DJ's fans hear of them taking the stage in a room at most once per this. */
  DJ_LIVE_NOTIFY_INTERVAL: duration.prefault('30m'),
  /** NOTIFY-ROOM-2: a room's regulars hear of it going live at most once per this. */
  ROOM_LIVE_NOTIFY_INTERVAL: duration.prefault('6h'),
  /** NOTIFY-SEND-3: a room's staff may message its regulars at most once per this. */
  ROOM_MESSAGE_INTERVAL: duration.prefault('1h'),
  /** DISCORD-AUTH-1: the Discord application (off until both are set). */
  DISCORD_CLIENT_ID: z.string().optional(),
  DISCORD_CLIENT_SECRET: z.string().optional(),
  /** Discord's API (token exchange and users/@me) and its consent page. */
  DISCORD_API_URL: z.string().url().default('https://discord.com/api/v10'),
  DISCORD_AUTHORIZE_URL: z.string().url().default('https://discord.com/oauth2/authorize'),
  /** EVT-REMIND-2: how often a process looks for events that have started (their reminders). */
  EVENT_REMIND_EVERY: duration.prefault('15s'),
  /** EVT-LIST-3: how long a process keeps an upcoming list's answer (0s: not kept). */
  EVENT_LIST_KEEP: duration.prefault('2s'),
  /**
   * HTTP-OUT-1: `full` also checks every answer against its schema (a 500 when it does not fit);
   * `shape` only cuts it to the schema's keys. Unset: `full` under NODE_ENV=test, else `shape`.
   */
  RESPONSE_CHECK: z.enum(['full', 'shape']).optional(),
});

export type Env = z.output<typeof EnvSchema>;

/** The platform's own variables and the music providers' groups (SPOTIFY_…, APPLE_…, …). */
const FullEnvSchema = EnvSchema.extend(ProviderEnv.shape);

export interface Config extends Omit<
  Env,
  'SERVICES' | 'LOG_PRETTY' | 'FFMPEG_PATH' | 'FFPROBE_PATH' | 'RESPONSE_CHECK'
> {
  SERVICES: ServiceName[];
  LOG_PRETTY: boolean;
  RESPONSE_CHECK: 'full' | 'shape';
  FFMPEG_PATH: string;
  FFPROBE_PATH: string;
  /** Absolute data directory. */
  dataDir: string;
  /** Where the built web app lives. */
  webDist: string;
  publicUrl: string;
  /** Base URLs and credentials of the music-provider adapters. */
  providers: ProviderOptions;
  /** TRUST_PROXY, parsed: which hops in front of the server are proxies (false: none). */
  trustProxy: TrustProxy | false;
}

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment. A wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = FullEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  // Relative paths are relative to where the command was run (npm sets INIT_CWD for workspace scripts).
  const cwd = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const repoRoot = path.resolve(import.meta.dirname, '../../../..');
  return {
    ...e,
    SERVICES: e.SERVICES ?? [...SERVICE_NAMES],
    LOG_PRETTY: e.LOG_PRETTY ?? e.NODE_ENV === 'development',
    RESPONSE_CHECK: e.RESPONSE_CHECK ?? (e.NODE_ENV === 'test' ? 'full' : 'shape'),
    FFMPEG_PATH: e.FFMPEG_PATH ?? mediaToolPath('ffmpeg'),
    FFPROBE_PATH: e.FFPROBE_PATH ?? mediaToolPath('ffprobe'),
    dataDir,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    providers: providerOptionsFromEnv(cleaned),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
  };
}
