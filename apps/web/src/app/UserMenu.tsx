import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaff } from '../features/admin/queries';
import { Link, useNavigate } from 'react-router';
import { signOut } from '../entities/session/session';
import { useOwnProfile } from '../entities/user/queries';
import { useProductsQuery } from '../features/plans/queries';
import { Avatar } from '../entities/avatar/Avatar';

/** The signed-in user's menu: profile, edit profile, upload, log out. A keyboard-friendly disclosure. */
export function UserMenu() {
  const staff = useStaff();
  const { t } = useTranslation();
  // Go Pro only where payments are set up (SUB-PLANS-1).
  const plans = useProductsQuery();
  const navigate = useNavigate();
  const { data: me } = useOwnProfile();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = me?.nickname || t('userMenu.you');
  const close = () => setOpen(false);

  const logOut = () => {
    close();
    signOut();
    navigate('/');
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        data-testid="user-menu"
      >
        {me ? (
          <Avatar
            name={name}
            picture={me.profilePicture}
            color={me.color}
            avatarId={me.profilePicture ? null : me.avatarId}
            size={32}
          />
        ) : (
          <span className="avatar skeleton" style={{ width: 32, height: 32 }} aria-hidden="true" />
        )}
        <span className="user-menu-name">{me ? name : ''}</span>
        <span className="sr-only">{t('userMenu.open')}</span>
        <svg className="chevron" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      {open ? (
        <div id={menuId} className="user-menu-panel">
          <p className="user-menu-who">
            {t('userMenu.signedInAs')} <strong>{name}</strong>
          </p>
          <ul>
            {me ? (
              <li>
                <Link to={`/profile/${me.uuid}`} onClick={close}>
                  {t('nav.myProfile')}
                </Link>
              </li>
            ) : null}
            <li>
              <Link to="/settings/profile" onClick={close}>
                {t('nav.editProfile')}
              </Link>
            </li>
            <li>
              <Link to="/friends" onClick={close} data-testid="menu-friends">
                {t('nav.friends')}
              </Link>
            </li>
            <li>
              <Link to="/friends/find" onClick={close}>
                {t('nav.findFriends')}
              </Link>
            </li>
            <li>
              <Link to="/notifications" onClick={close}>
                {t('nav.notifications')}
              </Link>
            </li>
            <li>
              <Link to="/communities" onClick={close} data-testid="menu-communities">
                {t('nav.communities')}
              </Link>
            </li>
            <li>
              <Link to="/leaderboard" onClick={close} data-testid="menu-leaderboard">
                {t('nav.leaderboard')}
              </Link>
            </li>
            {plans.data && plans.data.length > 0 ? (
              <li>
                <Link to="/plans" onClick={close}>
                  {t('nav.plans')}
                </Link>
              </li>
            ) : null}
            <li>
              <Link to="/settings/account" onClick={close}>
                {t('nav.account')}
              </Link>
            </li>
            <li>
              <Link to="/settings/notifications" onClick={close}>
                {t('nav.notificationSettings')}
              </Link>
            </li>
            {staff.isModerator ? (
              <li>
                <Link to="/admin" onClick={close} data-testid="menu-admin">
                  {t('nav.admin')}
                </Link>
              </li>
            ) : null}
            <li>
              <Link to="/crates" onClick={close} data-testid="menu-crates">
                {t('nav.crates')}
              </Link>
            </li>
            <li>
              <Link to="/upload" onClick={close} data-testid="menu-upload">
                {t('nav.upload')}
              </Link>
            </li>
            <li>
              <button type="button" onClick={logOut} data-testid="logout">
                {t('nav.logout')}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
