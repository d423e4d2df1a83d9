import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activity } from '../../lib/activity';
import { useErrorText } from '../../lib/errors';
import { useIsSignedIn } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { signIn } from '../../entities/session/session';
import { ActivityRooms } from './ActivityRooms';
import { finishWithCode } from './flow';
import { useDiscordConfigQuery } from './queries';

/**
 * ACTIVITY-1: inside Discord, sign-in is Discord's: the Embedded App SDK's `authorize` hands a
 * code, our server exchanges it (the secret stays there), the SDK `authenticate`s with Discord's
 * token, and `discord-auth` answers our token. The SDK reads the activity's parameters from the
 * address, so they are put back for it if the app has moved on since it opened.
 */
async function signInThroughDiscord(clientId: string): Promise<string> {
  const ctx = activity();
  const { DiscordSDK } = await import('@discord/embedded-app-sdk');
  const here = new URL(window.location.href);
  if (ctx && !here.searchParams.has('frame_id')) {
    const withParams = new URL(here);
    withParams.searchParams.set('frame_id', ctx.frameId);
    withParams.searchParams.set('instance_id', ctx.instanceId);
    if (ctx.platform) withParams.searchParams.set('platform', ctx.platform);
    window.history.replaceState(window.history.state, '', withParams);
  }
  const sdk = new DiscordSDK(clientId);
  window.history.replaceState(window.history.state, '', here);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify', 'email'],
  });
  const result = await finishWithCode(code, 'login');
  if (!('accessToken' in result)) throw new Error('unexpected');
  return result.accessToken;
}

/** The activity's welcome for someone not signed in yet; once signed in, its server's rooms. */
export function ActivitySignIn() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const signedIn = useIsSignedIn();
  const { data } = useDiscordConfigQuery();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (!activity()) return null;
  if (signedIn) return <ActivityRooms />;
  const start = () => {
    if (!data?.clientId) return;
    setBusy(true);
    setError(null);
    signInThroughDiscord(data.clientId)
      .then((token) => signIn(token))
      .catch(setError)
      .finally(() => setBusy(false));
  };
  return (
    <div className="container">
      <aside className="activity-signin" data-testid="activity-signin">
        <div>
          <strong>{t('discord.activityTitle')}</strong>
          <p className="muted">{t('discord.activityLead')}</p>
        </div>
        {data?.clientId ? (
          <button type="button" className="btn btn-discord" onClick={start} disabled={busy}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {t('discord.continue')}
          </button>
        ) : (
          <p className="muted">{t('discord.off')}</p>
        )}
        {error ? <Alert>{errorText(error)}</Alert> : null}
      </aside>
    </div>
  );
}
