import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, statusText, type ErrorBody, type ErrorCode } from '@tt/protocol';

/** The one error type: an HTTP status, a stable code and a message (or list of messages). */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    public readonly messages: string | string[],
  ) {
    super(Array.isArray(messages) ? messages.join('; ') : messages);
    this.name = 'AppError';
  }
}

/** Build the error named in the catalogue; `message` overrides the catalogue text. */
export function fail(code: ErrorCode, message?: string | string[]): AppError {
  const e = ERRORS[code];
  return new AppError(e.status, code, message ?? e.message);
}

export function errorBody(status: number, message: string | string[], code?: string): ErrorBody {
  return { statusCode: status, error: statusText(status), message, ...(code ? { code } : {}) };
}

/** A zod issue as fastify-type-provider-zod hands it to the error handler. */
interface ZodIssueLike {
  keyword?: string;
  instancePath?: string;
  message?: string;
}

function issueText(issue: ZodIssueLike, context: string | undefined): string {
  const where = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || context || 'request';
  return `${where}: ${issue.message ?? 'is invalid'}`;
}

function isMissingField(issue: ZodIssueLike): boolean {
  return issue.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '');
}

/** One serializer for every error: `{ statusCode, error, message }`. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(errorBody(err.status, err.messages, err.code));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation as unknown as ZodIssueLike[];
      const missingMessage = request.routeOptions.config?.missingFieldsMessage;
      if (missingMessage && err.validationContext === 'body' && issues.some(isMissingField)) {
        return reply.status(400).send(errorBody(400, missingMessage, 'VALIDATION'));
      }
      if (missingMessage && err.validationContext === 'body' && request.body == null) {
        return reply.status(400).send(errorBody(400, missingMessage, 'VALIDATION'));
      }
      const messages = issues.map((i) => issueText(i, err.validationContext));
      return reply.status(400).send(errorBody(400, messages, 'VALIDATION'));
    }
    const fe = err as FastifyError;
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status === 429) {
      return reply.status(429).send(errorBody(429, ERRORS.RATE_LIMITED.message, 'RATE_LIMITED'));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, fe.message, fe.code ?? 'BAD_REQUEST'));
    }
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return reply
      .status(500)
      .send(errorBody(500, `${ERRORS.INTERNAL.message} (request ${request.id})`, 'INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(
        errorBody(
          404,
          `Route ${request.method} ${request.url.split('?')[0]} not found`,
          'ROUTE_NOT_FOUND',
        ),
      );
  });
}
