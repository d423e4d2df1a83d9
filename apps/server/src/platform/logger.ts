import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';
import type { Config } from './config';

/** Properties of an error that are kept in a log line; everything else may carry query values. */
const KEPT_PROPS = ['code', 'severity', 'routine', 'constraint', 'table', 'column', 'statusCode'];

/** Drops `params: …` lines (drizzle's "Failed query: … params: …") from a message or stack. */
const withoutParams = (text: string) => text.replace(/\nparams: [^\n]*(\n|$)/g, '\n');

/** A database server's error (it has an SQLSTATE): its messages quote the offending values. */
const isDatabaseError = (err: Error & { code?: unknown; severity?: unknown }) =>
  typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && err.severity !== undefined;

/**
 * SEC-LOG-1: errors are logged with their type, message, stack and database error code, never
 * with the values of the query that failed (they can hold passwords, codes, personal data):
 * drizzle's `params:` line is dropped, and quoted values in a database error's text are masked.
 */
export function safeErrorSerializer(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const fromDb = isDatabaseError(err);
  const clean = (text: string | undefined) => {
    const t = withoutParams(text ?? '');
    return fromDb
      ? t.replace(/"[^"\n]*"/g, '"…"').replace(/\(([^()\n]*)\)=\([^\n]*\)/g, '($1)=(…)')
      : t;
  };
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? err.name,
    message: clean(err.message),
    stack: clean(err.stack),
  };
  for (const key of KEPT_PROPS) {
    const value = (err as unknown as Record<string, unknown>)[key];
    if (value !== undefined && typeof value !== 'object') out[key] = value;
  }
  const cause = (err as { cause?: unknown }).cause;
  if (cause !== undefined && depth < 3) out.cause = safeErrorSerializer(cause, depth + 1);
  return out;
}

/**
 * OBS-LOG-1: the request a piece of work belongs to. The HTTP layer runs each request inside it,
 * and every log line written meanwhile, by any service through `platform.log`, carries its `reqId`.
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** pino: pretty in development, JSON otherwise. */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'LOG_PRETTY'>,
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'password', '*.password', 'accessToken'],
    serializers: { err: safeErrorSerializer, error: safeErrorSerializer },
    mixin: (_context, _level, logger) => {
      const store = requestContext.getStore();
      // Fastify's own request loggers already carry it; everything else gets it here.
      return store && !logger.bindings().reqId ? { reqId: store.reqId } : {};
    },
    ...(config.LOG_PRETTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
