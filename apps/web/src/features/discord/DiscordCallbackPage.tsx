import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '@tt/rules';
import { useErrorText } from '../../lib/errors';
import { queryClient } from '../../lib/queryClient';
import { Alert } from '../../ui/Alert';
import { AuthCard } from '../../ui/AuthCard';
import { signIn } from '../../entities/session/session';
import { callbackUrl, finishWithCode, takePending } from './flow';

/** /auth/discord/callback — Discord's consent page sends people back here with a code. */
export default function DiscordCallbackPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = takePending(params.get('state'));
    const code = params.get('code');
    if (!pending || !code) {
      setError(new Error(t('discord.stale')));
      return;
    }
    finishWithCode(code, pending.purpose, callbackUrl())
      .then(async (result) => {
        if ('accessToken' in result) signIn(result.accessToken);
        await queryClient.invalidateQueries({ queryKey: ['discord'] });
        navigate(safeRedirectTarget(pending.next), { replace: true });
      })
      .catch(setError);
  }, [params, navigate, t]);
  return (
    <AuthCard title={t('discord.title')} lead={t('discord.working')} testId="discord-callback">
      {error ? (
        <>
          <Alert testId="discord-error">
            {error instanceof Error && !('status' in error) ? error.message : errorText(error)}
          </Alert>
          <Link to="/login">{t('discord.backToLogin')}</Link>
        </>
      ) : (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> {t('discord.working')}
        </p>
      )}
    </AuthCard>
  );
}
