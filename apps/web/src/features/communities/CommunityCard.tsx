import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CommunityDto } from '@tt/protocol';
import '../../styles/communities.css';

/** A community's banner: its image, or a gradient whose hue comes from its name. */
export function bannerStyle(c: Pick<CommunityDto, 'name' | 'bannerUrl'>): CSSProperties {
  if (c.bannerUrl) return { backgroundImage: `url("${c.bannerUrl}")` };
  const hue = [...c.name].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 7);
  return { ['--hue' as string]: String(hue) };
}

/** A community in a list: its banner (or a gradient from its name), name, size and your role. */
export function CommunityCard({ community }: { community: CommunityDto }) {
  const { t } = useTranslation();
  return (
    <li className="community-card" data-testid="community-card">
      <Link to={`/communities/${community.slug}`} className="community-card-link">
        <span className="community-card-banner" style={bannerStyle(community)} aria-hidden="true" />
        <span className="community-card-text">
          <strong>{community.name}</strong>
          <span className="muted">
            {t('communities.members', { count: community.memberCount })} ·{' '}
            {t('communities.rooms', { count: community.roomCount })}
          </span>
          {community.myRole ? (
            <span className="room-chip">{t(`communities.role.${community.myRole}`)}</span>
          ) : community.visibility === 'PRIVATE' ? (
            <span className="room-chip">{t('communities.private')}</span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}
