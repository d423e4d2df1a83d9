import { useTranslation } from 'react-i18next';
import type { UserProfileDto } from '@tt/protocol';
import { displayHandle, SOCIAL_NAMES, SOCIALS, socialUrl } from './socials';

/** The profile's links to other networks, opening in a new tab. */
export function SocialLinks({ profile }: { profile: UserProfileDto }) {
  const { t } = useTranslation();
  const links = SOCIALS.map((network) => ({
    network,
    value: profile[network],
    href: socialUrl(network, profile[network]),
  })).filter((l) => l.href);
  if (links.length === 0) return null;
  return (
    <section className="card profile-section" aria-labelledby="socials-title">
      <h2 id="socials-title">{t('profile.socials')}</h2>
      <ul className="social-list">
        {links.map((l) => (
          <li key={l.network}>
            <a
              href={l.href!}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className={`social-link social-${l.network}`}
              data-testid={`social-${l.network}`}
            >
              <span className="social-network">{SOCIAL_NAMES[l.network]}</span>
              <span className="social-handle">{displayHandle(l.value)}</span>
              <span className="sr-only"> {t('profile.opensNewTab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
