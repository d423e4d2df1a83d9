import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

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
] as const;
export type ConsoleTab = (typeof CONSOLE_TABS)[number];

/** Sections moderators see; the others are for admins. */
export const MODERATOR_TABS: readonly ConsoleTab[] = ['people', 'moderation'];

/** The console's sections; all but People and the moderation log are for admins. */
export function ConsoleNav({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const tabs = isAdmin ? CONSOLE_TABS : MODERATOR_TABS;
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
