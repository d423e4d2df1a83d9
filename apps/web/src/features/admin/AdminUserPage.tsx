import { ModerationHistory } from './ModerationHistory';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Capability, MODERATION_REASON_MAX, type AdminUserDto } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import { Avatar } from '../../entities/avatar/Avatar';
import { HeldAvatars, PointsAdjust } from './UserGameSections';
import { BanLengthField } from '../../ui/BanLengthField';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { StaffOnly } from './AdminPage';
import {
  useAddCommentMutation,
  useBanMutation,
  useCapabilityMutation,
  useCommentsQuery,
  useStaff,
  useStaffUserQuery,
} from './queries';
import '../../styles/admin.css';
import { SwitchRow } from '../../ui/SwitchRow';
import { AdminPassword, Badges, ProfileEdit } from './UserEditSections';
import { AccountState, ContactBook, Roles } from './UserRoleSections';

function Capabilities({ user }: { user: AdminUserDto }) {
  const { t } = useTranslation();
  const change = useCapabilityMutation(user.uuid);
  return (
    <section className="card">
      <h2>{t('admin.capabilities')}</h2>
      <ul className="switch-list">
        {CAPABILITIES.map((c) => (
          <SwitchRow
            key={c}
            label={t(`admin.capability.${c}`)}
            hint={t(`admin.capabilityHint.${c}`)}
            on={user.capabilities.includes(c)}
            busy={change.isPending}
            onChange={(on) => change.mutate({ capability: c, on })}
            testId={`capability-${c}`}
          />
        ))}
      </ul>
    </section>
  );
}

function Moderation({ user }: { user: AdminUserDto }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const act = useBanMutation(user.uuid);
  const [reason, setReason] = useState('');
  const [length, setLength] = useState<number | null>(24 * 60);
  const until = user.bannedUntil ? new Date(user.bannedUntil).toLocaleString(i18n.language) : null;
  const run = (action: 'ban' | 'unban' | 'kick') =>
    act.mutate(
      { action, userUuid: user.uuid, reason: reason.trim() || undefined, minutes: length },
      { onSuccess: () => setReason('') },
    );
  return (
    <section className="card">
      <h2>{t('admin.moderation')}</h2>
      <p className={`admin-state${user.banned ? ' is-bad' : ''}`} data-testid="ban-state">
        {user.banned
          ? until
            ? t('admin.bannedUntil', { until })
            : t('admin.bannedForGood')
          : t('admin.notBanned')}
      </p>
      <label className="field">
        <span>{t('admin.reason')}</span>
        <textarea
          value={reason}
          maxLength={MODERATION_REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
          data-testid="ban-reason"
        />
      </label>
      <BanLengthField
        label={t('admin.length')}
        value={length}
        onChange={setLength}
        testId="ban-length"
      />
      {act.error ? <p className="alert alert-error">{errorText(act.error)}</p> : null}
      <div className="form-actions-inline">
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => run('ban')}
          disabled={act.isPending}
          data-testid="ban"
        >
          {t('admin.ban')}
        </button>
        {user.banned ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => run('unban')}
            disabled={act.isPending}
            data-testid="unban"
          >
            {t('admin.unban')}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => run('kick')}
          disabled={act.isPending}
        >
          {t('admin.kick')}
        </button>
      </div>
    </section>
  );
}

function Comments({ user }: { user: AdminUserDto }) {
  const { t, i18n } = useTranslation();
  const comments = useCommentsQuery(user.uuid);
  const add = useAddCommentMutation(user.uuid);
  const [text, setText] = useState('');
  return (
    <section className="card">
      <h2>{t('admin.comments')}</h2>
      <ul className="admin-comments" data-testid="comments">
        {(comments.data ?? []).map((c) => (
          <li key={c.id}>
            <p>{c.comment}</p>
            <small>
              {c.authorNickname ?? t('friends.someone')} ·{' '}
              {new Date(c.createdAt).toLocaleString(i18n.language)}
            </small>
          </li>
        ))}
        {comments.data?.length === 0 ? (
          <li className="fine-print">{t('admin.noComments')}</li>
        ) : null}
      </ul>
      <form
        className="admin-open"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim())
            add.mutate(
              { userUuid: user.uuid, comment: text.trim() },
              { onSuccess: () => setText('') },
            );
        }}
      >
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('admin.addComment')}
          aria-label={t('admin.addComment')}
        />
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          disabled={!text.trim() || add.isPending}
        >
          {t('admin.save')}
        </button>
      </form>
    </section>
  );
}

const CAPABILITIES = Capability.options;

/** /admin/users/:id: one account for moderators — capabilities, bans, comments. */
export default function AdminUserPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const staff = useStaff();
  const user = useStaffUserQuery(id);
  const errorText = useErrorText();
  useDocumentTitle(user.data ? `${user.data.nickname} · ${t('admin.title')}` : t('admin.title'));
  if (staff.loading) return null;
  if (!staff.isModerator) return <StaffOnly />;
  if (user.error) {
    return (
      <div className="container admin-page">
        <p className="alert alert-error">{errorText(user.error)}</p>
      </div>
    );
  }
  const u = user.data;
  if (!u) return null;
  return (
    <div className="container admin-page" data-testid="admin-user">
      <Link to="/admin" className="admin-back">
        ← {t('admin.title')}
      </Link>
      <header className="admin-user-head">
        <Avatar name={u.nickname} picture={u.profilePicture} color={u.color} size={64} />
        <div>
          <h1>{u.nickname}</h1>
          <p className="fine-print">
            {[u.email, u.phoneNumber, t(`admin.status.${u.status}`)].filter(Boolean).join(' · ')}
          </p>
          <p className="admin-tags">
            {u.roles.map((r) => (
              <span key={r} className="role-tag">
                {t(`admin.roles.${r}`)}
              </span>
            ))}
          </p>
        </div>
        <Link className="btn btn-ghost btn-sm" to={`/profile/${u.uuid}`}>
          {t('admin.profile')}
        </Link>
      </header>
      <div className="admin-grid">
        <Capabilities user={u} />
        <Moderation user={u} />
      </div>
      <div className="admin-grid">
        <Roles user={u} />
        <AccountState user={u} />
      </div>
      <div className="admin-grid">
        <ProfileEdit user={u} key={u.updatedAt} />
        <div className="admin-stack">
          <Badges user={u} />
          {staff.isAdmin ? <AdminPassword user={u} /> : null}
        </div>
      </div>
      {staff.isAdmin ? (
        <div className="admin-grid">
          <HeldAvatars user={u} />
          <PointsAdjust user={u} />
        </div>
      ) : null}
      <ContactBook user={u} />
      <Comments user={u} />
      <ModerationHistory uuid={u.uuid} />
    </div>
  );
}
