import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentBoardQuery } from './queries';
import '../../styles/points.css';

const DAY = 24 * 60 * 60 * 1000;

/** Days (or hours, on the last day) until `iso`. */
export function useTimeLeft() {
  const { t } = useTranslation();
  return (iso: string) => {
    const ms = Date.parse(iso) - Date.now();
    if (ms <= 0) return t('points.endingNow');
    if (ms < DAY) return t('points.hoursLeft', { count: Math.max(1, Math.round(ms / 3_600_000)) });
    return t('points.daysLeft', { count: Math.ceil(ms / DAY) });
  };
}

/**
 * The season running now, its time left and my rank (PTS-SEASON-1): on the rooms list
 * (`compact`, with a link to the leaderboard) and atop the leaderboard.
 */
export function SeasonBanner({ compact = true }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const timeLeft = useTimeLeft();
  const { data } = useCurrentBoardQuery();
  if (!data?.season) return null;
  const me = data.me;
  return (
    <aside className={`season-banner ${compact ? 'is-compact' : ''}`} data-testid="season-banner">
      <svg className="season-trophy" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path
          d="M7 3h10v3h3v2a5 5 0 0 1-4.6 5A5 5 0 0 1 13 15.9V18h3v3H8v-3h3v-2.1A5 5 0 0 1 8.6 13 5 5 0 0 1 4 8V6h3V3Zm0 5H6a3 3 0 0 0 1.3 2.5A7 7 0 0 1 7 8Zm10 0v.5a7 7 0 0 1-.3 2A3 3 0 0 0 18 8h-1Z"
          fill="#ffd23f"
        />
      </svg>
      <div className="season-text">
        <strong>{data.season.name}</strong>
        <span className="muted">
          {timeLeft(data.season.endDate)}
          {me
            ? ` · ${t('points.yourRank', {
                rank: me.rank,
                count: me.balance,
                n: me.balance.toLocaleString(i18n.language),
              })}`
            : ` · ${t('points.playToEarn')}`}
        </span>
      </div>
      {compact ? (
        <Link className="btn btn-ghost btn-sm" to="/leaderboard" data-testid="season-banner-link">
          {t('points.leaderboard')}
        </Link>
      ) : null}
    </aside>
  );
}
