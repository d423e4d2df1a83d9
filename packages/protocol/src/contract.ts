import { z } from 'zod';
import type { ServiceName } from './enums';
import type { Permission } from './access';

/**
 * Who may call an endpoint.
 * - `public`: no token needed (a valid token, if sent, is made available; an invalid one is ignored).
 * - `authenticated`: any valid token, guests included.
 * - `user`: any valid token except a guest token.
 * - a permission (`admin.vouchers`, `service.call`…): the token's roles must grant it in the access
 *   table of `@tt/rules` (ACCESS-ROUTE-1); otherwise 403 FORBIDDEN_ROLE.
 */
export type AuthRequirement = 'public' | 'authenticated' | 'user' | Permission;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Schema = z.ZodType;

/**
 * One endpoint of one service: the single source of truth for its path, its auth, its
 * input schemas and its response schema. The server registers routes from it, the
 * OpenAPI document is generated from it, and the API client calls it.
 * Paths use `{name}` placeholders and are relative to the service base `/api/<service>-service`.
 */
export interface Endpoint<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> {
  service: ServiceName;
  method: HttpMethod;
  path: string;
  auth: AuthRequirement;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Success status code (default 200, or 201 for none). */
  status?: number;
  /** The answer is not JSON but bytes of these media types (images, audio); `response` is not serialised. */
  produces?: string[];
  /** The body is multipart/form-data (file uploads); `body` is not used. */
  multipart?: boolean;
  /** Message used instead of the field list when a required body field is missing. */
  missingFieldsMessage?: string;
  /** Rate limit for this route: max requests per minute per IP. */
  rateLimitPerMinute?: number;
  deprecated?: boolean;
  tags?: string[];
}

export function endpoint<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema = Schema,
>(def: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return def;
}

type Out<S> = S extends Schema ? z.output<S> : undefined;
type In<S> = S extends Schema ? z.input<S> : undefined;

export type EndpointParams<E> = E extends Endpoint<infer P, any, any, any> ? Out<P> : never;
export type EndpointQuery<E> = E extends Endpoint<any, infer Q, any, any> ? Out<Q> : never;
export type EndpointBody<E> = E extends Endpoint<any, any, infer B, any> ? Out<B> : never;
export type EndpointResponse<E> = E extends Endpoint<any, any, any, infer R> ? z.output<R> : never;

/** What a caller passes: inputs before defaults/transforms are applied. */
export type EndpointInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, any>
    ? (P extends Schema ? { params: In<P> } : { params?: undefined }) &
        (Q extends Schema ? { query?: In<Q> } : { query?: undefined }) &
        (B extends Schema ? { body: In<B> } : { body?: unknown })
    : never;

export function serviceBase(service: ServiceName): string {
  return `/api/${service}-service`;
}

/** `{id}` placeholders → Fastify's `:id`. */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Common response for endpoints with nothing to say. */
export const OkResponse = z.object({ success: z.boolean() });
export type OkResponse = z.infer<typeof OkResponse>;
