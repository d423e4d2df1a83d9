import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { useAdminSignUpMutation } from './queries';

const GRANTABLE = ['moderator', 'globalModerator', 'admin', 'staff'] as const;

/** STAFF-CONSOLE-4: an admin creates an account (its e-mail counts as verified). */
export function AccountsPanel() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const create = useAdminSignUpMutation();
  const [made, setMade] = useState<{ email: string; uuid: string } | null>(null);
  return (
    <section className="card" data-testid="admin-accounts">
      <h2>{t('admin.accounts.title')}</h2>
      <p className="fine-print admin-lead">{t('admin.accounts.lead')}</p>
      <ErrorAlert error={create.error} />
      {made ? (
        <p className="alert alert-success" role="status" data-testid="admin-account-made">
          {t('admin.accounts.made', { email: made.email })}{' '}
          <Link to={`/admin/users/${made.uuid}`}>{t('admin.open')}</Link>
        </p>
      ) : null}
      <form
        className="account-form"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            {
              email,
              password,
              nickname: nickname.trim() || undefined,
              roles: ['user', ...roles] as never,
            },
            {
              onSuccess: (res) => {
                setMade({ email, uuid: res.uuid });
                setEmail('');
                setPassword('');
                setNickname('');
                setRoles([]);
              },
            },
          );
        }}
      >
        <Field
          label={t('fields.email')}
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="admin-account-email"
        />
        <Field
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          minLength={8}
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="admin-account-password"
        />
        <Field
          label={t('fields.nickname')}
          aside={t('fields.optional')}
          value={nickname}
          maxLength={40}
          onChange={(e) => setNickname(e.target.value)}
        />
        <fieldset className="admin-roles">
          <legend>{t('admin.accounts.roles')}</legend>
          {GRANTABLE.map((r) => (
            <label key={r} className="check">
              <input
                type="checkbox"
                checked={roles.includes(r)}
                onChange={(e) =>
                  setRoles(e.target.checked ? [...roles, r] : roles.filter((x) => x !== r))
                }
              />{' '}
              {t(`admin.roles.${r}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {t('admin.accounts.create')}
        </button>
      </form>
    </section>
  );
}
