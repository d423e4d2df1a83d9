import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fastifyPath,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@tt/protocol';
import type { AuthContext } from './auth';
import { fail } from './errors';

export interface HandlerContext<E extends Endpoint> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  /** The verified caller; null only on public routes called without a token. */
  auth: AuthContext | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * HTTP-JSON-1: an answer the database already wrote as JSON text, in the shape of the contract's
 * response `T`. The route sends it as it is: no row is parsed into objects, checked and written
 * again. Only for answers composed in one SQL statement from named columns (so nothing outside
 * the contract can be in them); their tests read them through the contract's schema.
 */
export class JsonText<T> {
  declare private readonly shape?: T;
  constructor(readonly text: string) {}
}

export type Handler<E extends Endpoint> = (
  ctx: HandlerContext<E>,
) =>
  | Promise<EndpointResponse<E> | JsonText<EndpointResponse<E>>>
  | EndpointResponse<E>
  | JsonText<EndpointResponse<E>>;

/**
 * Registers one endpoint of the protocol contract: path, auth requirement, schemas
 * (validation + OpenAPI) and the handler's typed context come from the contract.
 */
export function route<E extends Endpoint>(app: FastifyInstance, def: E, handler: Handler<E>): void {
  const status = def.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: fastifyPath(def.path),
    config: {
      auth: def.auth,
      service: def.service,
      missingFieldsMessage: def.missingFieldsMessage,
      ...(def.rateLimitPerMinute
        ? { rateLimit: { max: def.rateLimitPerMinute, timeWindow: '1 minute' } }
        : {}),
    },
    schema: {
      summary: def.summary,
      tags: def.tags ?? [`${def.service}-service`],
      deprecated: def.deprecated,
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body && !def.multipart ? { body: def.body } : {}),
      ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(def.auth !== 'public' ? { security: [{ bearerAuth: [] }] } : {}),
      ...(def.produces ? { produces: def.produces } : { response: { [status]: def.response } }),
    },
    handler: async (request, reply) => {
      if (def.multipart && !request.isMultipart()) {
        throw fail('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data upload');
      }
      const result = await handler({
        params: request.params as EndpointParams<E>,
        query: request.query as EndpointQuery<E>,
        body: request.body as EndpointBody<E>,
        auth: request.auth,
        request,
        reply,
      });
      reply.status(status);
      if (result instanceof JsonText) {
        // A string with a JSON content type skips the schema's serializer (HTTP-JSON-1).
        reply.type('application/json; charset=utf-8');
        return result.text;
      }
      return result;
    },
  });
}
