import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserPointsQuery } from './queries';
import '../../styles/points.css';

/** Points on a profile: rank and balance this season, and points over all time. */
export function ProfilePoints({ uuid }: { uuid: string }) {
  const { t, i18n } = useTranslation();
  const { data } = useUserPointsQuery(uuid);
  if (!data) return null;
  const n = (x: number) => x.toLocaleString(i18n.language);
  const status = data.current.status;
  return (
    <Link to="/leaderboard" className="profile-points" data-testid="profile-points">
      {data.current.season ? (
        <span>
          <strong>{status?.rank ? `#${status.rank}` : '–'}</strong>{' '}
          <span className="muted">{data.current.season.name}</span>
        </span>
      ) : null}
      <span>
        <strong>{n(status?.balance ?? 0)}</strong>{' '}
        <span className="muted">{t('points.thisSeason')}</span>
      </span>
      <span>
        <strong>{n(data.lifetime.balance)}</strong>{' '}
        <span className="muted">{t('points.lifetime')}</span>
      </span>
    </Link>
  );
}
