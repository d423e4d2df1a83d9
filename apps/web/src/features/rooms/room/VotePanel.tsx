import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientRoomState } from '@tt/protocol';
import { roomAction } from '../../../lib/socket/session';
import { vibePercent } from '../model';
import { useRoomRunner, type Me } from './hooks';

/** Like / dislike / star the song, and the room's vibe meter. */
export function VotePanel({ state, me }: { state: ClientRoomState; me: Me }) {
  const { t } = useTranslation();
  const run = useRoomRunner();
  const mine = (me.uuid && state.allUserData[me.uuid]?.songVotes) || {};
  const playing = state.nowPlaying !== null;
  const disabled = !playing || me.isGuest;
  const vibe = vibePercent(state.vibeMeter);
  const { likes, dislikes, stars } = state.voteCounts;
  const vote = (songVotes: { like?: boolean; star?: boolean }) =>
    void run(() => roomAction('voteOnSong', { songVotes }));
  const why = me.isGuest ? t('room.votes.guest') : !playing ? t('room.votes.nothing') : undefined;

  return (
    <section className="vote-panel" aria-label={t('room.votes.label')} data-testid="vote-panel">
      <div className="vibe" data-testid="vibe-meter" data-value={vibe}>
        <div className="vibe-head">
          <span className="vibe-label" id="vibe-label">
            {t('room.votes.vibe')}
          </span>
          <span className="vibe-value" data-testid="vibe-value">
            {vibe}%
          </span>
        </div>
        <div
          className="vibe-track"
          style={{ '--vibe': `${vibe}%` } as CSSProperties}
          role="meter"
          aria-labelledby="vibe-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={vibe}
          aria-valuetext={`${vibe}%`}
        >
          <span className="vibe-fill" style={{ width: `${vibe}%` }} />
        </div>
      </div>
      <div className="vote-buttons" role="group" aria-label={t('room.votes.label')}>
        <button
          type="button"
          className="vote-btn vote-like"
          aria-pressed={mine.like === true}
          disabled={disabled}
          title={why}
          onClick={() => vote({ like: true })}
          data-testid="vote-like"
        >
          <span className="vote-icon" aria-hidden="true">
            ▲
          </span>
          <span className="vote-word">{t('room.votes.like')}</span>
          <span className="vote-count" data-testid="like-count">
            {likes}
          </span>
        </button>
        <button
          type="button"
          className="vote-btn vote-dislike"
          aria-pressed={mine.like === false}
          disabled={disabled}
          title={why}
          onClick={() => vote({ like: false })}
          data-testid="vote-dislike"
        >
          <span className="vote-icon" aria-hidden="true">
            ▼
          </span>
          <span className="vote-word">{t('room.votes.dislike')}</span>
          <span className="vote-count" data-testid="dislike-count">
            {dislikes}
          </span>
        </button>
        <button
          type="button"
          className="vote-btn vote-star"
          aria-pressed={mine.star === true}
          disabled={disabled}
          title={why}
          onClick={() => vote({ star: !mine.star })}
          data-testid="vote-star"
        >
          <span className="vote-icon" aria-hidden="true">
            ★
          </span>
          <span className="vote-word">{t('room.votes.star')}</span>
          <span className="vote-count" data-testid="star-count">
            {stars}
          </span>
        </button>
      </div>
      {why ? <p className="vote-why muted">{why}</p> : null}
    </section>
  );
}
