import { useTranslation } from 'react-i18next';
import type { TrustProgressDto } from '@tt/protocol';
import { isBusyRoom, trustMissing } from '@tt/rules';
import { useTrustQuery } from './queries';

/** What is held back until trust is earned (TRUST-4, TRUST-5, TRUST-6). */
export type TrustLimit = 'links' | 'dm' | 'seat';

/** TRUST-7: "N more songs or M more points" from the progress. */
export function useTrustProgressText(): (p: TrustProgressDto) => string {
  const { t } = useTranslation();
  return (p) => {
    const miss = trustMissing(p, {
      minSongsHeard: p.needSongsHeard,
      minPoints: p.needPoints,
      busyRoomListeners: p.busyRoomListeners,
    });
    return t('trust.progress', {
      songs: miss.songs,
      points: miss.points,
      heard: p.songsHeard,
      needSongs: p.needSongsHeard,
      earned: p.points,
      needPoints: p.needPoints,
    });
  };
}

/**
 * TRUST-7: a quiet hint where a limit applies (chat box, message box, seat button) telling a new
 * account what waits and how far it is; nothing for trusted people, guests or while loading.
 */
export function TrustNote({
  limit,
  className,
  listeners,
}: {
  limit: TrustLimit;
  className?: string;
  /** For `seat`: the room's listeners now; the note shows only when the room is busy. */
  listeners?: number;
}) {
  const { t } = useTranslation();
  const trust = useTrustQuery();
  const progress = useTrustProgressText();
  const p = trust.data;
  if (!p || p.trusted) return null;
  if (limit === 'seat' && !isBusyRoom(listeners ?? 0, p)) return null;
  const what =
    limit === 'seat'
      ? t('trust.limit.seat', { count: p.busyRoomListeners })
      : t(limit === 'links' ? 'trust.limit.links' : 'trust.limit.dm');
  return (
    <p className={className ?? 'muted trust-note'} data-testid={`trust-note-${limit}`}>
      {what} {progress(p)}
    </p>
  );
}

/** TRUST-7: the account page's section: trusted, or what waits and how far. */
export function TrustSection() {
  const { t } = useTranslation();
  const trust = useTrustQuery();
  const progress = useTrustProgressText();
  const p = trust.data;
  if (!p) return null;
  return (
    <section
      className="card edit-section"
      aria-labelledby="trust-title"
      data-testid="trust-section"
    >
      <h2 id="trust-title">{t('trust.title')}</h2>
      {p.trusted ? (
        <p className="muted">{t('trust.trusted')}</p>
      ) : (
        <>
          <p>{t('trust.intro', { count: p.busyRoomListeners })}</p>
          <p>{progress(p)}</p>
        </>
      )}
    </section>
  );
}
