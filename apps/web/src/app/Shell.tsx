import { ActivitySignIn } from '../features/discord/ActivitySignIn';
import { BRAND_TEXT } from '../lib/brand';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useChatConnection } from '../features/chat/chatSocket';
import { BanNotice } from '../entities/session/BanNotice';
import { Header } from './Header';
import { LangFromUrl } from './LangFromUrl';

/** Every page: skip link, header, the page, footer. */
export function Shell() {
  const { t } = useTranslation();
  useChatConnection();
  return (
    <div className="app">
      <LangFromUrl />
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        <ActivitySignIn />
        <BanNotice />
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container footer-inner">
          <span>
            © {new Date().getFullYear()} {BRAND_TEXT.title}
          </span>
          <span className="footer-tagline">{t('footer.tagline')}</span>
        </div>
      </footer>
    </div>
  );
}
