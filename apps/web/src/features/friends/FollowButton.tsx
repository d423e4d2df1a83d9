import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../lib/errors';
import { useMe } from '../../entities/room/hooks';
import { useFanCountQuery, useFollowingQuery, useFollowMutation } from './fan-queries';
import { useRelation } from './queries';

/**
 * Follow / Following with the number of fans (SOC-FAN-1); the count alone for guests, oneself and
 * people one blocked.
 */
export function FollowButton({ uuid, compact = false }: { uuid: string; compact?: boolean }) {
  const { t } = useTranslation();
  const toText = useErrorText();
  const me = useMe();
  const counts = useFanCountQuery(uuid);
  const following = useFollowingQuery(uuid);
  const mutation = useFollowMutation(uuid);
  const blocked = useRelation(uuid).kind === 'blocked';
  const [error, setError] = useState<string | null>(null);
  const fans = counts.data?.fansCount;
  const label =
    fans === undefined ? null : (
      <Link className="fan-count" to={`/profile/${uuid}/followers`} data-testid="fan-count">
        {t('fans.count', { count: fans })}
      </Link>
    );
  // SOC-FAN-3: no Follow across a block the user made (unblock first).
  if (me.isGuest || !me.uuid || me.uuid === uuid || blocked || following.data === undefined) {
    return label;
  }
  const isFollowing = following.data;
  return (
    <span className="follow">
      <button
        type="button"
        className={`btn ${isFollowing ? 'btn-ghost' : 'btn-primary'}${compact ? ' btn-sm' : ''}`}
        aria-pressed={isFollowing}
        disabled={mutation.isPending}
        onClick={() => {
          setError(null);
          mutation.mutateAsync(!isFollowing).catch((err: unknown) => setError(toText(err)));
        }}
        data-testid={isFollowing ? 'unfollow' : 'follow'}
      >
        {isFollowing ? t('fans.following') : t('fans.follow')}
      </button>
      {label}
      {error ? (
        <span className="friend-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
