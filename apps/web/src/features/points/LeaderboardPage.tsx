import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { RankingEntryDto } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { Avatar } from '../../entities/avatar/Avatar';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useOwnProfile } from '../../entities/user/queries';
import { SeasonBanner } from './SeasonBanner';
import { useBoardQuery, useNeighbourSeasonQuery, useSeasonQuery } from './queries';
import '../../styles/points.css';

type Tab = 'current' | 'all' | 'past';

const fmtDate = (iso: string, lang: string) =>
  new Date(iso).toLocaleDateString(lang, { dateStyle: 'medium' });

function Row({ entry, me }: { entry: RankingEntryDto; me: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <li
      className={`board-row ${me ? 'is-me' : ''} ${entry.rank <= 3 ? `top-${entry.rank}` : ''}`}
      data-testid="board-row"
    >
      <span className="board-rank" aria-label={t('points.rankLabel', { rank: entry.rank })}>
        {entry.rank}
      </span>
      <Link to={`/profile/${entry.userUuid}`} className="board-person">
        <Avatar name={entry.nickname} color={entry.color} avatarId={entry.avatarId} size={40} />
        <span className="board-name">
          {entry.nickname}
          {me ? <span className="board-you">{t('points.you')}</span> : null}
        </span>
      </Link>
      <span className="board-points">
        {t('points.pts', { count: entry.balance, n: entry.balance.toLocaleString(i18n.language) })}
      </span>
    </li>
  );
}

/** One board, 25 rows at a time, my row highlighted. */
function Board({ which }: { which: 'current' | 'all' | number }) {
  const { t, i18n } = useTranslation();
  const toText = useErrorText();
  const me = useOwnProfile().data?.uuid;
  const board = useBoardQuery(which);
  if (board.error) return <Alert>{toText(board.error)}</Alert>;
  if (!board.data) {
    return (
      <p className="muted loading-line" role="status">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  }
  const entries = board.data.pages.flatMap((p) => p.entries);
  const season = typeof which === 'number' ? board.data.pages[0]?.season : null;
  const heading = season ? (
    <h2 className="board-season" data-testid="board-season">
      {season.name}{' '}
      <span className="muted">
        {fmtDate(season.startDate, i18n.language)} – {fmtDate(season.endDate, i18n.language)}
      </span>
    </h2>
  ) : null;
  if (entries.length === 0) {
    return (
      <>
        {heading}
        <p className="muted board-empty">
          {which === 'current' ? t('points.emptySeason') : t('points.empty')}
        </p>
      </>
    );
  }
  return (
    <>
      {heading}
      <ol className="board" data-testid="board">
        {entries.map((e) => (
          <Row key={e.userUuid} entry={e} me={e.userUuid === me} />
        ))}
      </ol>
      {board.hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost board-more"
          onClick={() => void board.fetchNextPage()}
          disabled={board.isFetchingNextPage}
        >
          {t('points.more')}
        </button>
      ) : null}
    </>
  );
}

/** Past seasons: the latest ended one first, with buttons to the one before and after. */
function PastSeasons({ id, go }: { id: number | null; go: (id: number) => void }) {
  const { t } = useTranslation();
  const season = useSeasonQuery();
  const anchor = season.data?.season?.id ?? season.data?.next?.id ?? null;
  const latest = useNeighbourSeasonQuery(id === null ? anchor : null, 'prev');
  const shown = id ?? latest.data?.id ?? null;
  const before = useNeighbourSeasonQuery(shown, 'prev');
  const after = useNeighbourSeasonQuery(shown, 'next');
  if (season.isLoading || latest.isLoading) return null;
  if (shown === null) return <p className="muted board-empty">{t('points.noPast')}</p>;
  const newer = after.data?.status === 'ENDED' ? after.data : null;
  return (
    <>
      <div className="season-nav">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={!before.data}
          onClick={() => before.data && go(before.data.id)}
        >
          ← {t('points.older')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={!newer}
          onClick={() => newer && go(newer.id)}
        >
          {t('points.newer')} →
        </button>
      </div>
      <Board which={shown} />
    </>
  );
}

/** /leaderboard: this season, all time, and past seasons (PTS-SEASON-*). */
export default function LeaderboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('points.title'));
  const [params, setParams] = useSearchParams();
  const tab = (['current', 'all', 'past'] as const).includes(params.get('board') as Tab)
    ? (params.get('board') as Tab)
    : 'current';
  const id = Number(params.get('season')) || null;
  const tabs: { key: Tab; label: string }[] = [
    { key: 'current', label: t('points.tabs.current') },
    { key: 'all', label: t('points.tabs.all') },
    { key: 'past', label: t('points.tabs.past') },
  ];
  return (
    <div className="container leaderboard-page" data-testid="leaderboard-page">
      <div className="page-head">
        <div>
          <h1>{t('points.title')}</h1>
          <p className="muted">{t('points.lead')}</p>
        </div>
        <Link className="btn btn-ghost" to="/rooms">
          {t('points.toRooms')}
        </Link>
      </div>
      <SeasonBanner compact={false} />
      <div className="tabs" role="tablist" aria-label={t('points.title')}>
        {tabs.map((x) => (
          <button
            key={x.key}
            type="button"
            role="tab"
            aria-selected={tab === x.key}
            className={`tab ${tab === x.key ? 'is-active' : ''}`}
            data-testid={`board-tab-${x.key}`}
            onClick={() => setParams(x.key === 'current' ? {} : { board: x.key })}
          >
            {x.label}
          </button>
        ))}
      </div>
      <section className="card board-card" role="tabpanel">
        {tab === 'past' ? (
          <PastSeasons id={id} go={(n) => setParams({ board: 'past', season: String(n) })} />
        ) : (
          <Board which={tab} />
        )}
      </section>
      <section className="card how-points">
        <h2>{t('points.howTitle')}</h2>
        <ul>
          <li>{t('points.how.dj')}</li>
          <li>{t('points.how.listen')}</li>
          <li>{t('points.how.fair')}</li>
          <li>{t('points.how.season')}</li>
        </ul>
      </section>
    </div>
  );
}
