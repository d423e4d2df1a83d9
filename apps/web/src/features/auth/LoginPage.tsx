import { ContinueWithDiscord } from '../discord/ContinueWithDiscord';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '@tt/rules';
import { AuthCard } from '../../ui/AuthCard';
import { EmailLoginForm } from './EmailLoginForm';
import { PhoneLoginForm } from './PhoneLoginForm';
import { signIn } from '../../entities/session/session';

type Tab = 'email' | 'phone';

/** Log in by e-mail and password, or by a code texted to a mobile number. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('method') === 'phone' ? 'phone' : 'email';

  const selectTab = (next: Tab) => {
    const p = new URLSearchParams(params);
    if (next === 'phone') p.set('method', 'phone');
    else p.delete('method');
    setParams(p, { replace: true });
  };

  const onToken = (accessToken: string) => {
    signIn(accessToken);
    navigate(safeRedirectTarget(params.get('next')), { replace: true });
  };

  const tabs: { id: Tab; label: string }[] = [
    { id: 'email', label: t('login.tabEmail') },
    { id: 'phone', label: t('login.tabPhone') },
  ];

  return (
    <AuthCard
      title={t('login.title')}
      lead={t('login.lead')}
      testId="login-page"
      footer={<Trans i18nKey="login.noAccount" components={{ signup: <Link to="/signup" /> }} />}
    >
      <ContinueWithDiscord next={safeRedirectTarget(params.get('next'))} divider />
      <div className="tabs" role="tablist" aria-label={t('login.methods')}>
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`panel-${item.id}`}
            tabIndex={tab === item.id ? 0 : -1}
            onClick={() => selectTab(item.id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                const next = tab === 'email' ? 'phone' : 'email';
                selectTab(next);
                document.getElementById(`tab-${next}`)?.focus();
              }
            }}
            data-testid={`tab-${item.id}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'email' ? (
          <EmailLoginForm onToken={onToken} />
        ) : (
          <PhoneLoginForm onToken={onToken} />
        )}
      </div>
    </AuthCard>
  );
}
