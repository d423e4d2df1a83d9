import { useTranslation } from 'react-i18next';
import { banText, useBanNotice } from './ban';
import '../../styles/ban.css';

/** Over every page: the ban that just signed the person out, and until when (SEC-SESSION-3). */
export function BanNotice() {
  const { t, i18n } = useTranslation();
  const ban = useBanNotice((s) => s.ban);
  const dismiss = useBanNotice((s) => s.dismiss);
  if (!ban) return null;
  return (
    <div className="container">
      <div className="alert alert-error ban-notice" role="alert" data-testid="ban-notice">
        <span>
          <strong>{t('ban.signedOut')}</strong> {banText(ban, t, i18n.language)}
        </span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={dismiss}>
          {t('ban.dismiss')}
        </button>
      </div>
    </div>
  );
}
