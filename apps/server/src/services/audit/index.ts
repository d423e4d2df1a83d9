import { analyticsSummaryEndpoint } from '@tt/protocol';
import { route } from '../../platform/route';
import type { ServiceModule } from '../../platform/service';
import { recordChatAnalytics } from './chat-analytics';
import { ModerationLog } from './moderation';
import { AnalyticsSummary } from './summary';
import { registerAuditRoutes, registerModerationRoutes } from './routes';
import { AnalyticsService } from './service';

export { AnalyticsService, toAnalyticsEventDto } from './service';

/** The audit service: analytics events, the moderation log, geolocation. */
export const auditService: ServiceModule = {
  name: 'audit',
  version: '1.0.0',
  provides: [],
  requires: [],
  optional: {
    users: "the summary's top DJs have no nicknames",
    rooms: "the summary's top rooms have no names",
  },
  async register(app, platform) {
    const analytics = new AnalyticsService(platform);
    registerAuditRoutes(app, analytics);
    registerModerationRoutes(app, new ModerationLog(platform), analytics);
    const summary = new AnalyticsSummary(platform);
    route(app, analyticsSummaryEndpoint, ({ query }) => summary.summary(query.days));
    const off = recordChatAnalytics(platform, analytics);
    app.addHook('onClose', off);
  },
};
