import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type AdminUserDto } from '@tt/protocol';
import { ErrorAlert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { useAdminPasswordMutation, useBadgesMutation, useEditProfileMutation } from './queries';

/**
 * STAFF-CONSOLE-3: moderators correct what others see of a person — a nickname that breaks the
 * rules, names, pronouns, song of the week.
 */
export function ProfileEdit({ user }: { user: AdminUserDto }) {
  const { t } = useTranslation();
  const edit = useEditProfileMutation(user.uuid);
  const [draft, setDraft] = useState({
    nickname: user.nickname,
    firstName: user.firstName,
    lastName: user.lastName,
    pronoun: user.pronoun,
    songOfTheWeek: user.songOfTheWeek,
  });
  const field = (name: keyof typeof draft, label: string, max: number) => (
    <Field
      label={label}
      value={draft[name]}
      maxLength={max}
      required={name === 'nickname'}
      onChange={(e) => {
        setDraft({ ...draft, [name]: e.target.value });
        edit.reset();
      }}
      data-testid={`admin-edit-${name}`}
    />
  );
  return (
    <section className="card" data-testid="admin-profile-edit">
      <h2>{t('admin.editProfile')}</h2>
      <ErrorAlert error={edit.error} />
      <form
        className="account-form"
        onSubmit={(e) => {
          e.preventDefault();
          edit.mutate({ userUuid: user.uuid, ...draft });
        }}
      >
        {field('nickname', t('fields.nickname'), 40)}
        {field('firstName', t('fields.firstName'), 60)}
        {field('lastName', t('fields.lastName'), 60)}
        {field('pronoun', t('fields.pronoun'), 40)}
        {field('songOfTheWeek', t('fields.songOfTheWeek'), 200)}
        <button type="submit" className="btn btn-primary" disabled={edit.isPending}>
          {edit.isSuccess ? t('editProfile.saved') : t('editProfile.save')}
        </button>
      </form>
    </section>
  );
}

/** STAFF-CONSOLE-4: an admin gives someone a new password; their sessions end. */
export function AdminPassword({ user }: { user: AdminUserDto }) {
  const { t } = useTranslation();
  const set = useAdminPasswordMutation();
  const [password, setPassword] = useState('');
  return (
    <section className="card" data-testid="admin-password">
      <h2>{t('admin.setPassword')}</h2>
      <p className="fine-print admin-lead">{t('admin.setPasswordLead')}</p>
      <ErrorAlert error={set.error} />
      {set.isSuccess ? (
        <p className="alert alert-success" role="status">
          {t('admin.passwordSet')}
        </p>
      ) : null}
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          set.mutate(
            { userUuid: user.uuid, newPassword: password },
            { onSuccess: () => setPassword('') },
          );
        }}
      >
        <input
          type="password"
          autoComplete="new-password"
          minLength={8}
          required
          value={password}
          onChange={(e) => (setPassword(e.target.value), set.reset())}
          aria-label={t('fields.newPassword')}
          placeholder={t('fields.newPassword')}
        />
        <button type="submit" className="btn btn-primary" disabled={set.isPending}>
          {t('admin.setPassword')}
        </button>
      </form>
    </section>
  );
}

/** STAFF-CONSOLE-3: badges on the person's profile, each switched on or off at once. */
export function Badges({ user }: { user: AdminUserDto }) {
  const { t } = useTranslation();
  const change = useBadgesMutation(user.uuid);
  return (
    <section className="card" data-testid="admin-badges">
      <h2>{t('admin.badgesTitle')}</h2>
      <ErrorAlert error={change.error} />
      <div className="admin-roles">
        {Badge.options.map((b) => (
          <label key={b} className="check">
            <input
              type="checkbox"
              checked={user.badges.includes(b)}
              disabled={change.isPending}
              onChange={(e) =>
                change.mutate({
                  userUuid: user.uuid,
                  badges: e.target.checked
                    ? [...user.badges, b]
                    : user.badges.filter((x) => x !== b),
                })
              }
              data-testid={`badge-${b}`}
            />{' '}
            {t(`admin.badges.${b}`)}
          </label>
        ))}
      </div>
    </section>
  );
}
