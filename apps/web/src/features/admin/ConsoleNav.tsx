import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { isToolTab, TOOL_PERMISSIONS } from './ToolPanel';
import { useMayI } from './tools-queries';

export const CONSOLE_TABS = [
  'people',
  'moderation',
  'analytics',
  'communities',
  'vouchers',
  'phones',
  'rooms',
  'accounts',
  'seasons',
  'avatars',
  'notifications',
  'bots',
  'djs',
  'ranking',
  'subscriptions',
  'services',
] as const;
export type ConsoleTab = (typeof CONSOLE_TABS)[number];

/** Sections moderators see; the others are for admins. */
export const MODERATOR_TABS: readonly ConsoleTab[] = ['people', 'moderation'];

/** The console's sections; all but People and the moderation log are for admins. */
export function ConsoleNav({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const may = useMayI();
  // The tools follow the access table; the older sections are for admins.
  const tabs = CONSOLE_TABS.filter((tab) =>
    isToolTab(tab) ? may(TOOL_PERMISSIONS[tab]) : isAdmin || MODERATOR_TABS.includes(tab),
  );
  return (
    <nav className="admin-tabs" aria-label={t('admin.sections')}>
      {tabs.map((tab) => (
        <NavLink
          key={tab}
          to={tab === 'people' ? '/admin' : `/admin/${tab}`}
          end
          className={({ isActive }) => `admin-tab${isActive ? ' is-active' : ''}`}
          data-testid={`admin-tab-${tab}`}
        >
          {t(`admin.tabs.${tab}`)}
        </NavLink>
      ))}
    </nav>
  );
}
