import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientRoomState } from '@tt/protocol';
import { AddToCrateMenu } from '../../crates/AddToCrateMenu';
import { timeAgo } from '@tt/rules';
import { nicknameOf, songArt } from '../../../entities/room/model';
import { useRecentSongsQuery } from '../queries';
import type { Me } from '../../../entities/room/hooks';

/** The room's history: what was played, by whom, how it was received — and into your crates. */
export function RecentSongs({ state, me }: { state: ClientRoomState; me: Me }) {
  const { t, i18n } = useTranslation();
  const slug = state.settings.slug;
  // A new song refetches the list.
  const playing = state.nowPlaying?.startTime ?? 0;
  const [open, setOpen] = useState(false);
  const list = useRecentSongsQuery(slug, playing, open);
  const all = list.data?.songs ?? [];
  const songs = all.filter((s) => Date.parse(s.playedAt) !== playing);
  // The song playing now is not history yet: the count leaves it out too.
  const total = list.data ? list.data.total - (all.length - songs.length) : null;
  return (
    <details
      className="side-card recent-songs"
      data-testid="recent-songs"
      onToggle={(e) => {
        const isOpen = e.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) void list.refetch();
      }}
    >
      <summary>
        <h2>
          {t('room.recentSongs')} <span className="muted">{total ?? ''}</span>
        </h2>
      </summary>
      {songs.length === 0 ? <p className="muted">{t('room.noRecentSongs')}</p> : null}
      <ul className="recent-list">
        {songs.map((r) => {
          const art = songArt(r.song);
          const dj = nicknameOf(state.allUserData[r.djUuid], t('room.aDj'));
          return (
            <li key={`${r.playedAt}-${r.djUuid}`} data-testid="recent-song">
              {art ? (
                <img src={art} alt="" width={40} height={40} />
              ) : (
                <span className="recent-art" />
              )}
              <span className="recent-text">
                <strong>{r.song.trackName}</strong>
                <span>{r.song.artistName}</span>
                <small>
                  {dj} · ♥ {r.voteCounts.likes} · {timeAgo(r.playedAt, i18n.language)}
                </small>
              </span>
              {me.isGuest ? null : <AddToCrateMenu song={r.song} />}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
