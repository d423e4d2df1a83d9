import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useIsSignedIn } from '../lib/session';
import { Logo } from '../ui/Logo';
import { InRoomPill } from '../features/rooms/InRoomPill';
import { InboxLink } from '../features/messages/InboxLink';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';

export function Header() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();

  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="logo" aria-label={t('nav.homeLabel')}>
          <Logo />
        </Link>
        <nav className="main-nav" aria-label={t('nav.main')}>
          <NavLink to="/" end>
            {t('nav.home')}
          </NavLink>
          <NavLink to="/rooms" data-testid="nav-rooms">
            {t('nav.rooms')}
          </NavLink>
          <NavLink to="/communities" className="nav-secondary" data-testid="nav-communities">
            {t('nav.communities')}
          </NavLink>
          <NavLink to="/leaderboard" className="nav-secondary" data-testid="nav-leaderboard">
            {t('nav.leaderboard')}
          </NavLink>
          {signedIn ? (
            <NavLink to="/crates" data-testid="nav-crates">
              {t('nav.crates')}
            </NavLink>
          ) : null}
        </nav>
        <div className="header-actions">
          <InRoomPill />
          <NavLink to="/rooms" className="nav-rooms-compact" aria-label={t('nav.rooms')}>
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <circle cx="10" cy="10" r="2.4" fill="currentColor" />
            </svg>
          </NavLink>
          {signedIn ? <NotificationBell /> : null}
          {signedIn ? <InboxLink /> : null}
          <LanguageSwitch />
          {signedIn ? (
            <UserMenu />
          ) : (
            <>
              <Link className="btn btn-ghost btn-sm" to="/login" data-testid="nav-login">
                {t('nav.login')}
              </Link>
              <Link className="btn btn-primary btn-sm" to="/signup" data-testid="nav-signup">
                {t('nav.signup')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
