import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useErrorText } from '../../lib/errors';
import { queryClient } from '../../lib/queryClient';
import { finishOAuth } from './connect';
import { accountKeys } from './queries';

/** Where a provider's consent page sends the browser back: the code is exchanged, then home. */
export default function ConnectCallbackPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const once = useRef(false);
  useEffect(() => {
    if (once.current) return;
    once.current = true;
    finishOAuth(search)
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: accountKeys.connections });
        navigate('/settings/account#connections', { replace: true });
      })
      .catch((err: unknown) => {
        const kind = err instanceof Error ? err.message : '';
        setError(
          kind === 'state' || kind === 'denied' ? t(`account.callback.${kind}`) : errorText(err),
        );
      });
  }, [search, navigate, t, errorText]);
  return (
    <div className="container narrow center-page" data-testid="connect-callback">
      {error ? (
        <>
          <p className="alert alert-error" role="alert">
            {error}
          </p>
          <Link className="btn btn-primary" to="/settings/account#connections">
            {t('account.callback.back')}
          </Link>
        </>
      ) : (
        <p className="muted loading-line" role="status">
          <span className="spinner" aria-hidden="true" /> {t('account.callback.working')}
        </p>
      )}
    </div>
  );
}
