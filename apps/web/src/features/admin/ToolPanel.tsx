import { useTranslation } from 'react-i18next';
import type { Permission } from '@tt/protocol';
import { BotsPanel } from './BotsPanel';
import { DjsPanel } from './DjsPanel';
import { NotificationsPanel } from './NotificationsPanel';
import { RankingPanel } from './RankingPanel';
import { ServicesPanel } from './ServicesPanel';
import { SubscriptionsPanel } from './SubscriptionsPanel';
import { useMayI } from './tools-queries';

/**
 * The console's tools, each shown to those the access table lets use its routes (ACCESS-CAN-1;
 * STAFF-NOTIFY-1, STAFF-BOTS-1, STAFF-VIEWS-1..5).
 */
export const TOOL_PERMISSIONS = {
  notifications: 'admin.notifications',
  bots: 'admin.users',
  djs: 'admin.djs',
  ranking: 'admin.points',
  subscriptions: 'admin.payments',
  services: 'admin.status',
} as const satisfies Record<string, Permission>;
export type ToolTab = keyof typeof TOOL_PERMISSIONS;

export const isToolTab = (tab: string): tab is ToolTab => tab in TOOL_PERMISSIONS;

const PANELS: Record<ToolTab, () => React.JSX.Element> = {
  notifications: NotificationsPanel,
  bots: BotsPanel,
  djs: DjsPanel,
  ranking: RankingPanel,
  subscriptions: SubscriptionsPanel,
  services: ServicesPanel,
};

export function ToolPanel({ tab }: { tab: ToolTab }) {
  const { t } = useTranslation();
  const may = useMayI();
  if (!may(TOOL_PERMISSIONS[tab]))
    return <p className="alert alert-info">{t('admin.adminsOnly')}</p>;
  const Panel = PANELS[tab];
  return <Panel />;
}
