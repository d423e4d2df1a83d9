import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useErrorText } from '../../lib/errors';
import { safeRedirectTarget } from '@tt/rules';
import { Alert } from '../../ui/Alert';
import { AuthCard } from '../../ui/AuthCard';
import { signIn } from '../../entities/session/session';
import { useMagicLinkMutation } from './queries';

/**
 * /magic-link/{shortLivedToken}/{encoded target}: exchanges the single-use token for a session
 * and goes to the target (same-origin paths only; anything else goes home).
 */
export function MagicLinkPage() {
  const { t } = useTranslation();
  const toText = useErrorText();
  const navigate = useNavigate();
  const { shortLivedToken = '', target = '' } = useParams();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const { mutateAsync: validate } = useMagicLinkMutation();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    validate(shortLivedToken)
      .then(({ accessToken }) => {
        signIn(accessToken);
        navigate(safeRedirectTarget(target), { replace: true });
      })
      .catch((err: unknown) => setError(toText(err)));
  }, [shortLivedToken, target, navigate, toText, validate]);

  return (
    <AuthCard title={error ? t('magic.failedTitle') : t('magic.title')} testId="magic-link-page">
      {error ? (
        <>
          <Alert>{error}</Alert>
          <p className="muted">{t('magic.failedHelp')}</p>
          <Link className="btn btn-primary btn-block" to="/login">
            {t('nav.login')}
          </Link>
        </>
      ) : (
        <p className="muted loading-line" role="status">
          <span className="spinner" aria-hidden="true" /> {t('magic.working')}
        </p>
      )}
    </AuthCard>
  );
}
