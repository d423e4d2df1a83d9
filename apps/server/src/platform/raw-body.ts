import type { FastifyInstance } from 'fastify';

/**
 * Routes whose JSON body stays the exact string that was sent (webhooks: the signature covers
 * those bytes, and parsing then re-serialising would change them).
 */
export function withRawJsonBody(app: FastifyInstance, register: (scope: FastifyInstance) => void) {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    register(scope);
  });
}

/** One header's value (the first when repeated). */
export const headerOf = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;
