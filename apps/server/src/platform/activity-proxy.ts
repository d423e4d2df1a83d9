import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { fail } from './errors';

/** Request headers passed on to the music service (never cookies or our own token). */
const FORWARD = ['range', 'accept', 'if-none-match', 'if-modified-since'];
/** Answer headers passed back to the activity. */
const BACK = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'cache-control',
  'etag',
  'last-modified',
];
const SAFE_PATH = /^[\w\-.~/:@%]*$/;

/**
 * ACTIVITY-PROXY-1: inside a Discord activity the page may only reach its own origin, so its
 * calls to Audius and SoundCloud go to `/.proxy/audius/…` and `/.proxy/soundcloud/…` (the
 * activity's URL mappings name this server). Each forwards a GET or HEAD to the configured API
 * base of that service only (never anywhere else: the path stays under the base), streams the
 * answer back with its status, type and range headers, and follows the service's redirects (an
 * Audius stream is a redirect to a content node). SoundCloud calls keep the caller's
 * `Authorization` (its OAuth token); nothing else of the caller's is passed on.
 */
export function registerActivityProxy(app: FastifyInstance, config: Config): void {
  const targets = {
    audius: config.providers.audius.apiUrl.replace(/\/$/, ''),
    soundcloud: config.providers.soundcloud.apiUrl.replace(/\/$/, ''),
  };
  for (const [name, base] of Object.entries(targets)) {
    app.route({
      method: ['GET', 'HEAD'],
      url: `/.proxy/${name}/*`,
      schema: { hide: true },
      config: { auth: 'public', rateLimit: { max: 600, timeWindow: '1 minute' } },
      handler: async (request, reply) => {
        const rest = (request.params as { '*': string })['*'];
        if (!SAFE_PATH.test(rest) || rest.split('/').some((p) => p === '..' || p === '.')) {
          throw fail('BAD_REQUEST', 'This path cannot be proxied.');
        }
        const q = request.url.indexOf('?');
        const target = `${base}/${rest}${q >= 0 ? request.url.slice(q) : ''}`;
        const headers: Record<string, string> = {};
        for (const h of FORWARD) {
          const v = request.headers[h];
          if (typeof v === 'string') headers[h] = v;
        }
        if (name === 'soundcloud' && typeof request.headers.authorization === 'string') {
          headers.authorization = request.headers.authorization;
        }
        let res: Response;
        try {
          res = await fetch(target, {
            method: request.method,
            headers,
            redirect: 'follow',
            signal: AbortSignal.timeout(20_000),
          });
        } catch {
          throw fail('PROVIDER_UNAVAILABLE');
        }
        reply.status(res.status);
        for (const h of BACK) {
          const v = res.headers.get(h);
          if (v) reply.header(h, v);
        }
        if (!res.body || request.method === 'HEAD') return reply.send();
        return reply.send(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream));
      },
    });
  }
}
