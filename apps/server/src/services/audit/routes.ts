import type { FastifyInstance } from 'fastify';
import {
  ANALYTICS_TOPICS,
  analyticsEndpoints as e,
  auditEndpoints as a,
  SOCKET_ACTIONS,
  StatefulServerMessageName,
  StatelessServerMessageName,
  type AnalyticsEventInput,
} from '@tt/protocol';
import { requireAccess } from '../../platform/access';
import { caller as callerOf } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { route } from '../../platform/route';
import { geolocate } from './geolocate';
import type { ModerationLog } from './moderation';
import type { AnalyticsService } from './service';

const since = (iso: string | undefined) => (iso ? new Date(iso) : undefined);

/** Analytics: clients record events; admins and staff read them and a song's play counts. */
export function registerAuditRoutes(app: FastifyInstance, analytics: AnalyticsService): void {
  route(app, e.record, ({ request, body }) => analytics.record(callerOf(request), body.events));
  route(app, e.kinesis, ({ request, body }) =>
    analytics.record(callerOf(request), [
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

/** The moderation log, geolocation, event names and the newest event of a topic. */
export function registerModerationRoutes(
  app: FastifyInstance,
  log: ModerationLog,
  analytics: AnalyticsService,
): void {
  route(app, a.geolocate, ({ request }) => geolocate(request.ip));
  route(app, a.geolocateIp, ({ auth, request, body }) => {
    // AUDIT-GEO-1: someone else's address is for the moderation roles.
    if (body.ip) requireAccess(auth, 'audit.geolocate');
    return geolocate(body.ip ?? request.ip);
  });
  route(app, a.socketEventNames, () => ({
    names: [
      ...Object.keys(SOCKET_ACTIONS),
      ...Object.values(StatefulServerMessageName),
      ...Object.values(StatelessServerMessageName),
    ],
  }));
  route(app, a.userEventNames, () => ({ names: [...ANALYTICS_TOPICS] }));
  route(app, a.eventLast, async ({ params }) => {
    const { events } = await analytics.list({ topic: params.x }, 1, 0);
    if (!events[0]) throw fail('ANALYTICS_EVENT_NOT_FOUND');
    return events[0];
  });
  route(
    app,
    a.create,
    async ({ request, body }) => (await log.create(callerOf(request).uuid, [body]))[0],
  );
  route(app, a.bulk, ({ request, body }) => log.create(callerOf(request).uuid, body.bulk));
  route(app, a.list, ({ query }) => log.list(query));
  route(app, a.get, ({ params }) => log.get(params.id));
  route(app, a.update, ({ params, body }) => log.update(params.id, body.reason));
  route(app, a.remove, ({ params }) => log.remove(params.id));
  route(app, a.userActions, ({ params, query }) => log.ofUser(params.x, query.limit, query.offset));
}
