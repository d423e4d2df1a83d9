import type { ServiceModule } from '../../platform/service';
import { recordChatAnalytics } from './chat-analytics';
import { registerAuditRoutes } from './routes';
import { AnalyticsService } from './service';

export { AnalyticsService, toAnalyticsEventDto } from './service';

/** The audit service: analytics events (play tracking and the other topics of spec §3). */
export const auditService: ServiceModule = {
  name: 'audit',
  version: '1.0.0',
  async register(app, platform) {
    const analytics = new AnalyticsService(platform);
    registerAuditRoutes(app, analytics);
    const off = recordChatAnalytics(platform, analytics);
    app.addHook('onClose', off);
  },
};
