import { CommunityRoomsTab } from '../communities/CommunityRoomsTab';
import { UpcomingEvents } from '../../entities/event/EventCard';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { RoomDto } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import { useIsSignedIn } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { SeasonBanner } from '../points/SeasonBanner';
import { useVerifyToCreate } from '../../entities/user/queries';
import { CurrentRoomBanner } from './CurrentRoomBanner';
import {
  PUBLIC_PAGE_SIZE,
  useMyRooms,
  usePromotedRooms,
  usePublicRooms,
  useRecentRooms,
} from '../../entities/room/queries';
import { RoomCard } from '../../entities/room/RoomCard';

const TABS = ['public', 'promoted', 'communities', 'mine', 'recent'] as const;
type Tab = (typeof TABS)[number];

/** /rooms: browse public (paged), promoted, my and recently visited rooms; create one. */
export function RoomsPage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  // SEC-UNVERIFIED-1: no rooms before the e-mail address is verified.
  const verifyFirst = useVerifyToCreate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'public';
  const page = Math.max(0, Number(params.get('page') ?? '1') - 1 || 0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  useDocumentTitle(t('rooms.title'));

  const choose = (next: Tab, focus = false) => {
    const p = new URLSearchParams(params);
    if (next === 'public') p.delete('tab');
    else p.set('tab', next);
    p.delete('page');
    setParams(p, { replace: true });
    if (focus) tabRefs.current[TABS.indexOf(next)]?.focus();
  };

  const onKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step) {
      e.preventDefault();
      choose(TABS[(i + step + TABS.length) % TABS.length], true);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      choose(TABS[e.key === 'Home' ? 0 : TABS.length - 1], true);
    }
  };

  return (
    <div className="container rooms-page" data-testid="rooms-page">
      <div className="page-head rooms-head">
        <div>
          <p className="eyebrow">
            <span className="live-dot" aria-hidden="true" /> {t('rooms.eyebrow')}
          </p>
          <h1>{t('rooms.title')}</h1>
          <p className="muted">{t('rooms.lead')}</p>
        </div>
        {signedIn && verifyFirst ? (
          <Link className="btn btn-ghost" to={verifyFirst} data-testid="verify-to-create">
            {t('verify.createHint')}
          </Link>
        ) : signedIn ? (
          <Link className="btn btn-primary" to="/rooms/new" data-testid="create-room">
            <span aria-hidden="true">+</span> {t('rooms.create')}
          </Link>
        ) : (
          <Link className="btn btn-ghost" to="/signup">
            {t('rooms.signUpToCreate')}
          </Link>
        )}
      </div>
      <SeasonBanner />
      <UpcomingEvents title={t('events.comingUp')} limit={3} />

      <CurrentRoomBanner />

      <div className="room-tabs" role="tablist" aria-label={t('rooms.lists')} onKeyDown={onKey}>
        {TABS.map((id, i) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`rooms-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`rooms-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => choose(id)}
            data-testid={`rooms-tab-${id}`}
          >
            {t(`rooms.tabs.${id}`)}
          </button>
        ))}
      </div>

      <section
        id={`rooms-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`rooms-tab-${tab}`}
        className="rooms-panel"
      >
        {tab === 'public' ? (
          <PublicRooms page={page} />
        ) : tab === 'promoted' ? (
          <PromotedRooms />
        ) : tab === 'communities' ? (
          <CommunityRoomsTab />
        ) : !signedIn ? (
          <div className="rooms-empty">
            <p>{t('rooms.signInFor', { list: t(`rooms.tabs.${tab}`) })}</p>
            <Link className="btn btn-primary" to={`/login?next=${encodeURIComponent('/rooms')}`}>
              {t('nav.login')}
            </Link>
          </div>
        ) : tab === 'mine' ? (
          <MyRooms />
        ) : (
          <RecentRooms />
        )}
      </section>
    </div>
  );
}

function RoomGrid({
  rooms,
  loading,
  error,
  empty,
}: {
  rooms: RoomDto[] | undefined;
  loading: boolean;
  error: unknown;
  empty: string;
}) {
  const { t } = useTranslation();
  const toText = useErrorText();
  if (error) return <Alert>{toText(error)}</Alert>;
  if (loading && !rooms) {
    return (
      <ul className="room-grid" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <li key={i} className="room-card skeleton-card" aria-hidden="true" />
        ))}
      </ul>
    );
  }
  if (!rooms?.length) {
    return (
      <div className="rooms-empty" data-testid="rooms-empty">
        <p>{empty}</p>
      </div>
    );
  }
  return (
    <ul className="room-grid">
      {rooms.map((room) => (
        <RoomCard key={room.uuid} room={room} />
      ))}
    </ul>
  );
}

function PublicRooms({ page }: { page: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = usePublicRooms(page);
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PUBLIC_PAGE_SIZE));
  const go = (p: number) => {
    const next = new URLSearchParams(params);
    if (p === 0) next.delete('page');
    else next.set('page', String(p + 1));
    setParams(next);
    window.scrollTo({ top: 0 });
  };
  return (
    <>
      <RoomGrid
        rooms={q.data?.rooms}
        loading={q.isPending}
        error={q.error}
        empty={t('rooms.emptyPublic')}
      />
      {pages > 1 ? (
        <nav className="pager" aria-label={t('rooms.pages')}>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={page === 0}
            onClick={() => go(page - 1)}
          >
            {t('rooms.previous')}
          </button>
          <span className="muted" aria-live="polite">
            {t('rooms.pageOf', { page: page + 1, pages })}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={page + 1 >= pages}
            onClick={() => go(page + 1)}
            data-testid="rooms-next-page"
          >
            {t('rooms.next')}
          </button>
        </nav>
      ) : null}
    </>
  );
}

function PromotedRooms() {
  const { t } = useTranslation();
  const q = usePromotedRooms(true);
  return (
    <RoomGrid
      rooms={q.data}
      loading={q.isPending}
      error={q.error}
      empty={t('rooms.emptyPromoted')}
    />
  );
}

function MyRooms() {
  const { t } = useTranslation();
  const q = useMyRooms(true);
  return (
    <RoomGrid rooms={q.data} loading={q.isPending} error={q.error} empty={t('rooms.emptyMine')} />
  );
}

function RecentRooms() {
  const { t } = useTranslation();
  const q = useRecentRooms(true);
  return (
    <RoomGrid
      rooms={q.data?.rooms}
      loading={q.isPending}
      error={q.error}
      empty={t('rooms.emptyRecent')}
    />
  );
}
