import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { SOCKET_ACTIONS, type ClientRoomState } from '@tt/protocol';
import { roomAction } from '../../../lib/socket/session';
import { vibePercent } from '../../../entities/room/model';
import { useRoomRunner, type Me } from '../../../entities/room/hooks';
import { dislikeView } from './dislikes';

/** Like / dislike / star the song, and the room's vibe meter. */
export function VotePanel({ state, me }: { state: ClientRoomState; me: Me }) {
  const { t } = useTranslation();
  const run = useRoomRunner();
  const mine = (me.uuid && state.allUserData[me.uuid]?.songVotes) || {};
  const playing = state.nowPlaying !== null;
  const disabled = !playing || me.isGuest;
  const vibe = vibePercent(state.vibeMeter);
  const { likes, dislikes, stars } = state.voteCounts;
  const dislike = dislikeView(state, me);
  // VOTE-PLAY-1: the vote is for the song shown; if another plays when it arrives, it is refused.
  const playStartTime = state.nowPlaying?.startTime;
  const vote = (songVotes: { like?: boolean; star?: boolean }) =>
    void run(() => roomAction(SOCKET_ACTIONS.voteOnSong, { songVotes, playStartTime }));
  const why = me.isGuest ? t('room.votes.guest') : !playing ? t('room.votes.nothing') : undefined;
  const common = { disabled, title: why };

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
        <VoteButton
          kind="like"
          icon="▲"
          word={t('room.votes.like')}
          count={likes}
          pressed={mine.like === true}
          onClick={() => vote({ like: true })}
          {...common}
        />
        {dislike.shown ? (
          <VoteButton
            kind="dislike"
            icon="▼"
            word={t('room.votes.dislike')}
            count={dislike.counted ? dislikes : undefined}
            pressed={mine.like === false}
            onClick={() => vote({ like: false })}
            {...common}
          />
        ) : null}
        <VoteButton
          kind="star"
          icon="★"
          word={t('room.votes.star')}
          count={stars}
          pressed={mine.star === true}
          onClick={() => vote({ star: !mine.star })}
          {...common}
        />
      </div>
      {why ? <p className="vote-why muted">{why}</p> : null}
      {dislike.shown && !dislike.counted ? (
        <p className="vote-why muted" data-testid="dislikes-private">
          {t('room.votes.dislikesPrivate')}
        </p>
      ) : null}
    </section>
  );
}

/** One vote button: its icon, word and count; `data-testid`s vote-<kind> and <kind>-count. */
function VoteButton(p: {
  kind: 'like' | 'dislike' | 'star';
  icon: string;
  word: string;
  /** Not shown when undefined (private dislikes). */
  count: number | undefined;
  pressed: boolean;
  disabled: boolean;
  title: string | undefined;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`vote-btn vote-${p.kind}`}
      aria-pressed={p.pressed}
      disabled={p.disabled}
      title={p.title}
      onClick={p.onClick}
      data-testid={`vote-${p.kind}`}
    >
      <span className="vote-icon" aria-hidden="true">
        {p.icon}
      </span>
      <span className="vote-word">{p.word}</span>
      {p.count === undefined ? null : (
        <span className="vote-count" data-testid={`${p.kind}-count`}>
          {p.count}
        </span>
      )}
    </button>
  );
}
