import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from 'helmet';
import type { Config } from './config';
import { AppError, errorBody } from './errors';

/** Characters no text field of the API accepts: C0 controls but tab, newline and return; DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasControlChars = (text: string): boolean => CONTROL_CHARS.test(text);

/**
 * The path (`body.nickname`, `query.s`, `body.tags.2`) of the first string, or key, holding a
 * control character, or null. Walks iteratively: a deeply nested body cannot overflow the stack.
 */
export function controlCharPath(value: unknown, root: string): string | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length) {
    const [v, where] = stack.pop()!;
    if (typeof v === 'string') {
      if (CONTROL_CHARS.test(v)) return where;
    } else if (v && typeof v === 'object') {
      if (Buffer.isBuffer(v)) continue;
      for (const [key, child] of Object.entries(v)) {
        const at = `${where}.${key}`;
        if (CONTROL_CHARS.test(key)) return where;
        stack.push([child, at]);
      }
    }
  }
  return null;
}

const controlCharMessage = (where: string) => `${where}: must not contain control characters`;

/**
 * SEC-INPUT-2: a value decoded from JSON text (a query parameter such as a list's `s`) is held to
 * SEC-INPUT-1 too, since its raw text carries only the escape (`\u0000`): a 400 VALIDATION
 * naming the parameter and field (`query.s.nickname`) instead of a database error.
 */
export function refuseDecodedControlChars(decoded: unknown, where: string): void {
  const at = controlCharPath(decoded, where);
  if (at) throw new AppError(400, 'VALIDATION', [controlCharMessage(at)]);
}

/**
 * SEC-INPUT-2 for every route: the path of a control character inside a query value that is JSON
 * text with an escape in it, once decoded, or null. Other values are SEC-INPUT-1's.
 */
export function jsonQueryControlCharPath(query: unknown): string | null {
  if (!query || typeof query !== 'object') return null;
  for (const [name, raw] of Object.entries(query)) {
    for (const text of Array.isArray(raw) ? raw : [raw]) {
      if (typeof text !== 'string' || !text.includes('\\') || !/^\s*[[{"]/.test(text)) continue;
      let decoded: unknown;
      try {
        decoded = JSON.parse(text);
      } catch {
        continue;
      }
      const at = controlCharPath(decoded, `query.${name}`);
      if (at) return at;
    }
  }
  return null;
}

/** A client-chosen request id is kept only when short and plain (SEC-REQID-1). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The origins allowed to call the API from a browser page (SEC-CORS-1). */
export function allowedOrigins(config: Pick<Config, 'CORS_ORIGINS' | 'publicUrl'>): Set<string> {
  return new Set([new URL(config.publicUrl).origin, ...(config.CORS_ORIGINS ?? [])]);
}

/** Where the vendor players (Spotify, Apple Music, YouTube, SoundCloud) come from. */
const VENDOR_SCRIPTS = [
  'https://sdk.scdn.co',
  'https://js-cdn.music.apple.com',
  'https://www.youtube.com',
  'https://s.ytimg.com',
  'https://w.soundcloud.com',
];
const VENDOR_FRAMES = [
  'https://sdk.scdn.co',
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://w.soundcloud.com',
  'https://embed.music.apple.com',
];

/**
 * Browser-facing protections: control characters refused with a 400 naming the field
 * (SEC-INPUT-1), also inside JSON query values (SEC-INPUT-2), CORS limited to the configured origins, and security headers with a CSP that
 * admits the web app, its player (HLS from this origin, blobs) and the vendor SDKs (SEC-HEADERS-1).
 */
export async function installHttpHardening(app: FastifyInstance, config: Config): Promise<void> {
  app.addHook('preValidation', async (request, reply) => {
    const where =
      controlCharPath(request.params, 'params') ??
      controlCharPath(request.query, 'query') ??
      jsonQueryControlCharPath(request.query) ??
      controlCharPath(request.body, 'body');
    if (where) {
      return reply.status(400).send(errorBody(400, [controlCharMessage(where)], 'VALIDATION'));
    }
  });

  const origins = allowedOrigins(config);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin === undefined || origins.has(origin)),
    credentials: true,
  });

  // SEC-HEADERS-2: the headers' middleware is built once. (@fastify/helmet built it again for
  // every request: its CSP parsed and its thirteen parts made per request.)
  const secureHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...VENDOR_SCRIPTS],
        // React and the Swagger UI set style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // Previews and vendor streams come from the providers' CDNs.
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'", 'https:', 'wss:'],
        frameSrc: ["'self'", ...VENDOR_FRAMES],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
      },
    },
    // Vendor players and cross-origin artwork need these off.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Behind TLS the proxy decides about HSTS; over plain HTTP the header is ignored anyway.
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  app.addHook('onRequest', (request, reply, done) => {
    try {
      secureHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    } catch (err) {
      done(err as Error);
    }
  });
}
