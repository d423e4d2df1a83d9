import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { SwitchRow } from '../../ui/SwitchRow';
import { ContinueWithDiscord } from './ContinueWithDiscord';
import {
  useAllowExplicit,
  useAllowExplicitMutation,
  useDiscordConfigQuery,
  useDiscordLinkQuery,
  useUnlinkDiscordMutation,
} from './queries';

/** Account settings: the linked Discord account (DISCORD-LINK-*) and the activity's explicit songs. */
export function DiscordSection() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const config = useDiscordConfigQuery();
  const link = useDiscordLinkQuery();
  const unlink = useUnlinkDiscordMutation();
  const allowExplicit = useAllowExplicit();
  const setExplicit = useAllowExplicitMutation();
  if (!config.data?.clientId && !link.data?.linked) return null;
  return (
    <section className="card edit-section stack" data-testid="discord-section">
      <h2>{t('discord.sectionTitle')}</h2>
      {link.data?.linked ? (
        <div className="inline-form">
          <span data-testid="discord-linked">
            {t('discord.linkedAs', { name: link.data.username })}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={unlink.isPending}
            onClick={() => unlink.mutate()}
            data-testid="discord-unlink"
          >
            {t('discord.unlink')}
          </button>
        </div>
      ) : (
        <>
          <p className="muted">{t('discord.linkLead')}</p>
          <ContinueWithDiscord
            purpose="link"
            next="/settings/account"
            className="btn btn-discord"
          />
        </>
      )}
      {unlink.error ? <Alert>{errorText(unlink.error)}</Alert> : null}
      <ul className="switch-list">
        <SwitchRow
          label={t('discord.explicit')}
          hint={t('discord.explicitHint')}
          on={allowExplicit}
          busy={setExplicit.isPending}
          onChange={(on) => setExplicit.mutate(on)}
          testId="discord-explicit"
        />
      </ul>
    </section>
  );
}
