import { useTranslation } from 'react-i18next';
import { useDiscordConfigQuery } from './queries';
import { discordAuthorizeUrl, type DiscordPurpose } from './flow';

/** "Continue with Discord" (the website flow); nothing when Discord is not configured. */
export function ContinueWithDiscord({
  purpose = 'login',
  next = '/rooms',
  className = 'btn btn-discord btn-block',
  divider = false,
}: {
  purpose?: DiscordPurpose;
  next?: string;
  className?: string;
  /** An "or" line after it, before the other ways in. */
  divider?: boolean;
}) {
  const { t } = useTranslation();
  const { data } = useDiscordConfigQuery();
  if (!data?.clientId || !data.authorizeUrl) return null;
  const config = { clientId: data.clientId, authorizeUrl: data.authorizeUrl, scope: data.scope };
  const button = (
    <button
      type="button"
      className={className}
      onClick={() => window.location.assign(discordAuthorizeUrl(config, purpose, next))}
      data-testid={`discord-${purpose}`}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M19.6 5.3A16.8 16.8 0 0 0 15.4 4l-.5 1a15.6 15.6 0 0 0-5.8 0l-.5-1a16.8 16.8 0 0 0-4.2 1.3C1.7 9.4 1 13.4 1.3 17.3a17 17 0 0 0 5.2 2.6l1.1-1.8a11 11 0 0 1-1.7-.8l.4-.3a12 12 0 0 0 11.4 0l.4.3c-.5.3-1.1.6-1.7.8l1.1 1.8a17 17 0 0 0 5.2-2.6c.4-4.5-.7-8.5-3.1-12ZM8.5 14.9c-1 0-1.9-1-1.9-2.1s.8-2.1 1.9-2.1 1.9 1 1.9 2.1-.8 2.1-1.9 2.1Zm7 0c-1 0-1.9-1-1.9-2.1s.8-2.1 1.9-2.1 1.9 1 1.9 2.1-.8 2.1-1.9 2.1Z"
        />
      </svg>
      {purpose === 'link' ? t('discord.link') : t('discord.continue')}
    </button>
  );
  if (!divider) return button;
  return (
    <>
      {button}
      <p className="auth-or" aria-hidden="true">
        <span>{t('discord.or')}</span>
      </p>
    </>
  );
}
