import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClientRoomState, SaveSetBody } from '@tt/protocol';
import { nicknameOf } from '../../../entities/room/model';
import type { Me } from '../../../entities/room/hooks';
import { useErrorText } from '../../../lib/errors';
import { useRoomSetsQuery, useSaveSetMutation } from './queries';
import { setClock, setCrateName, setDay } from '@tt/rules';

/**
 * "Tonight's set" (SET-1..6): the room's last DJ sets, each saved as a crate in one tap, and the
 * songs played since I came in ("Save what I heard"). A saved crate links to the crates page,
 * where the export-to-service buttons are.
 */
export function LastSets({ state, me }: { state: ClientRoomState; me: Me }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { slug, name } = state.settings;
  // SET-5: what I heard is counted from when this room page opened.
  const [since] = useState(() => new Date().toISOString());
  const sets = useRoomSetsQuery(slug, state.nowPlaying?.startTime ?? 0);
  const save = useSaveSetMutation(slug);
  const day = (iso: string) => setDay(iso, i18n.language);
  const clock = (iso: string) => setClock(iso, i18n.language);
  const crateName = (iso: string) =>
    setCrateName(t('sets.crateName', { room: name, date: day(iso) }));
  const canSave = !me.isGuest && me.uuid !== null;
  const saveThis = (body: SaveSetBody) => save.mutate(body);
  const list = sets.data?.sets ?? [];
  return (
    // Folded like "Recently played" beside it; the count shows without opening it.
    <details className="side-card recent-songs last-sets" data-testid="last-sets">
      <summary>
        <h2>
          {t('sets.title')} <span className="muted">{sets.data?.total ?? ''}</span>
        </h2>
      </summary>
      {canSave ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={save.isPending}
          data-testid="save-heard"
          title={t('sets.saveHeardHint')}
          onClick={() =>
            saveThis({
              kind: 'heard',
              from: since,
              to: new Date().toISOString(),
              crateName: crateName(since),
            })
          }
        >
          {t('sets.saveHeard')}
        </button>
      ) : null}
      {save.data ? (
        <p className="alert alert-success" data-testid="set-saved" role="status">
          {t('sets.saved', { count: save.data.added })}{' '}
          <Link to={`/crates/${save.data.crate.crateUuid}`} data-testid="set-saved-link">
            {t('sets.openCrate', { name: save.data.crate.crateName })}
          </Link>
        </p>
      ) : null}
      {save.error ? <p className="alert alert-error">{errorText(save.error)}</p> : null}
      {sets.data && list.length === 0 ? <p className="muted">{t('sets.none')}</p> : null}
      <ul className="recent-list" data-testid="last-sets-list">
        {list.map((set) => (
          <li key={`${set.djUuid}-${set.startedAt}`} data-testid="last-set">
            <span className="recent-text">
              <strong>{nicknameOf(state.allUserData[set.djUuid], t('room.aDj'))}</strong>
              <small>
                {day(set.startedAt)} · {clock(set.startedAt)}–{clock(set.endedAt)} ·{' '}
                {t('sets.songs', { count: set.songCount })}
              </small>
            </span>
            {canSave ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={save.isPending}
                data-testid="save-set"
                onClick={() =>
                  saveThis({
                    kind: 'set',
                    djUuid: set.djUuid,
                    startedAt: set.startedAt,
                    crateName: crateName(set.startedAt),
                  })
                }
              >
                {t('sets.saveSet')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
