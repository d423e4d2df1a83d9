import type { FastifyInstance } from 'fastify';
import { analyticsEndpoints as e, type AnalyticsEventInput } from '@tt/protocol';
import { fail } from '../../platform/errors';
import { route } from '../../platform/route';
import type { AnalyticsService } from './service';

/** The verified caller of a route that required a token (the auth hook refused everyone else). */
function caller<T>(auth: T | null): T {
  if (!auth) throw fail('TOKEN_MISSING');
  return auth;
}

const since = (iso: string | undefined) => (iso ? new Date(iso) : undefined);

/** Analytics: clients record events; admins and staff read them and a song's play counts. */
export function registerAuditRoutes(app: FastifyInstance, analytics: AnalyticsService): void {
  route(app, e.record, ({ auth, body }) => analytics.record(caller(auth), body.events));
  route(app, e.kinesis, ({ auth, body }) =>
    analytics.record(caller(auth), [
      { topic: body.topic, payload: body.record, occurredAt: new Date().toISOString() },
    ] as AnalyticsEventInput[]),
  );
  route(app, e.list, ({ query }) =>
    analytics.list(
      { topic: query.topic, userUuid: query.userUuid, since: since(query.since) },
      query.limit,
      query.offset,
    ),
  );
  route(app, e.songPlays, ({ params, query }) =>
    analytics.songPlays(params.songShortId, since(query.since)),
  );
}
