import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserDto, AvatarAssignmentType } from '@tt/protocol';
import { ErrorAlert } from '../../ui/Alert';
import {
  useAdminPointsQuery,
  useAssignAvatarMutation,
  useHandlePointsMutation,
  useHeldAvatarsQuery,
  useUnassignAvatarMutation,
} from './game-queries';

/** STAFF-AVATARS-2: the avatars given to a person; give one or take it back. */
export function HeldAvatars({ user }: { user: AdminUserDto }) {
  const { t } = useTranslation();
  const held = useHeldAvatarsQuery(user.uuid);
  const assign = useAssignAvatarMutation(user.uuid);
  const unassign = useUnassignAvatarMutation(user.uuid);
  const [choice, setChoice] = useState('');
  const [type, setType] = useState<AvatarAssignmentType>('MANUAL');
  const all = held.data ?? [];
  const given = all.filter((a) => a.assignment);
  const givable = all.filter((a) => !a.assignment && (a.visibility !== 'PUBLIC' || a.discordOnly));
  return (
    <section className="card" data-testid="admin-held-avatars">
      <h2>{t('admin.avatars.held')}</h2>
      <ErrorAlert error={held.error ?? assign.error ?? unassign.error} />
      {given.length === 0 ? <p className="muted">{t('admin.avatars.noneHeld')}</p> : null}
      <ul className="switch-list">
        {given.map((a) => (
          <li key={a.id} className="admin-held">
            <span>
              {a.name}{' '}
              <small className="muted">({t(`admin.avatars.types.${a.assignment!}`)})</small>
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={unassign.isPending}
              onClick={() => unassign.mutate(a.id)}
            >
              {t('admin.avatars.takeBack')}
            </button>
          </li>
        ))}
      </ul>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (choice) assign.mutate({ avatarId: choice, type }, { onSuccess: () => setChoice('') });
        }}
      >
        <label className="field">
          <span>{t('admin.avatars.give')}</span>
          <select
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            data-testid="admin-give-avatar"
          >
            <option value="">—</option>
            {givable.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('admin.avatars.how')}</span>
          <select value={type} onChange={(e) => setType(e.target.value as AvatarAssignmentType)}>
            {(['MANUAL', 'SEASON_AWARD', 'PURCHASED'] as const).map((x) => (
              <option key={x} value={x}>
                {t(`admin.avatars.types.${x}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          className="btn btn-primary btn-sm"
          disabled={!choice || assign.isPending}
          data-testid="admin-give-avatar-submit"
        >
          {t('admin.avatars.giveButton')}
        </button>
      </form>
    </section>
  );
}

/** PTS-ADMIN-1: add or take points in the running season, with a reason. */
export function PointsAdjust({ user }: { user: AdminUserDto }) {
  const { t } = useTranslation();
  const points = useAdminPointsQuery(user.uuid);
  const handle = useHandlePointsMutation(user.uuid);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    handle.mutate(
      { amount: Number(amount), reason: reason.trim() },
      { onSuccess: () => (setAmount(''), setReason('')) },
    );
  };
  const season = points.data?.season;
  return (
    <section className="card" data-testid="admin-points">
      <h2>{t('admin.points.title')}</h2>
      <p className="muted">
        {season
          ? t('admin.points.standing', {
              season: season.name,
              balance: points.data?.status?.balance ?? 0,
            })
          : t('admin.points.noSeason')}
      </p>
      <ErrorAlert error={handle.error} />
      {season ? (
        <form className="inline-form" onSubmit={submit}>
          <label className="field">
            <span>{t('admin.points.amount')}</span>
            <input
              type="number"
              step={1}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              required
              data-testid="admin-points-amount"
            />
          </label>
          <label className="field">
            <span>{t('admin.points.reason')}</span>
            <input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              maxLength={200}
            />
          </label>
          <button
            className="btn btn-primary btn-sm"
            disabled={handle.isPending || !Number(amount) || !reason.trim()}
            data-testid="admin-points-submit"
          >
            {t('admin.points.apply')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
