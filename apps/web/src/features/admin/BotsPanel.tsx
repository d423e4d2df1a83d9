import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAX_BOTS_PER_OWNER } from '@tt/protocol';
import { Alert, ErrorAlert } from '../../ui/Alert';
import { useOwnProfile } from '../../entities/user/queries';
import { Pager } from './Pager';
import { StaffPerson } from './StaffPerson';
import { useBotTokenMutation, useBotsQuery, useCreateBotMutation } from './tools-queries';
import './staff-tools.css';

/** A token shown once, to copy (it is not stored anywhere the console can read again). */
function TokenBox({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <Alert kind="success" testId="bot-token">
      <strong>{t('admin.bots.tokenOnce')}</strong>
      <code className="staff-code">{token}</code>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => void navigator.clipboard?.writeText(token)}
      >
        {t('admin.bots.copy')}
      </button>
    </Alert>
  );
}

/**
 * STAFF-BOTS-1/2: make a bot account (owned by the staff member who makes it), list every bot,
 * open one to moderate it (ban, deactivate, roles), and issue a fresh token for one's own bots.
 */
export function BotsPanel() {
  const { t, i18n } = useTranslation();
  const me = useOwnProfile();
  const [form, setForm] = useState({ nickname: '', email: '', password: '' });
  const [page, setPage] = useState(1);
  const create = useCreateBotMutation();
  const token = useBotTokenMutation();
  const bots = useBotsQuery(page);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [k]: e.target.value });
  return (
    <>
      <section className="card" data-testid="bots-create">
        <h2>{t('admin.bots.createTitle')}</h2>
        <p className="fine-print admin-lead">{t('admin.bots.lead', { max: MAX_BOTS_PER_OWNER })}</p>
        <form
          className="staff-form"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(form, {
              onSuccess: () => setForm({ nickname: '', email: '', password: '' }),
            });
          }}
        >
          <div className="staff-filters">
            <label className="field">
              <span>{t('admin.bots.nickname')}</span>
              <input
                value={form.nickname}
                maxLength={40}
                onChange={set('nickname')}
                data-testid="bot-nickname"
              />
            </label>
            <label className="field">
              <span>{t('admin.bots.email')}</span>
              <input
                type="email"
                value={form.email}
                onChange={set('email')}
                data-testid="bot-email"
              />
            </label>
            <label className="field">
              <span>{t('admin.bots.password')}</span>
              <input
                type="password"
                autoComplete="new-password"
                value={form.password}
                onChange={set('password')}
                data-testid="bot-password"
              />
            </label>
          </div>
          <ErrorAlert error={create.error} />
          {create.data ? <TokenBox token={create.data.accessToken} /> : null}
          <div className="form-actions-inline">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={create.isPending}
              data-testid="bot-create"
            >
              {t('admin.bots.create')}
            </button>
          </div>
        </form>
      </section>
      <section className="card" data-testid="bots-list">
        <h2>{t('admin.bots.listTitle', { count: bots.data?.total ?? 0 })}</h2>
        <ErrorAlert error={bots.error ?? token.error} />
        {token.data ? <TokenBox token={token.data.accessToken} /> : null}
        <table className="staff-table">
          <thead>
            <tr>
              <th>{t('admin.bots.bot')}</th>
              <th className="wide">{t('admin.bots.email')}</th>
              <th className="wide">{t('admin.bots.created')}</th>
              <th>{t('admin.bots.state')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(bots.data?.data ?? []).map((bot) => (
              <tr key={bot.uuid} data-testid="bot-row">
                <td>
                  <StaffPerson uuid={bot.uuid} profile={bot} />
                </td>
                <td className="wide">{bot.email}</td>
                <td className="wide">
                  {new Date(bot.createdAt).toLocaleDateString(i18n.language)}
                </td>
                <td>
                  <span
                    className={`role-tag${bot.banned || bot.status !== 'ACTIVE' ? ' is-bad' : ''}`}
                  >
                    {bot.banned ? t('admin.banned') : t(`admin.status.${bot.status}`)}
                  </span>
                </td>
                <td className="num">
                  {bot.botOwnerUuid === me.data?.uuid ? (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={token.isPending}
                      onClick={() => token.mutate(bot.uuid)}
                    >
                      {t('admin.bots.newToken')}
                    </button>
                  ) : (
                    <Link className="btn btn-ghost btn-sm" to={`/admin/users/${bot.uuid}`}>
                      {t('admin.open')}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {bots.data?.data.length === 0 ? <p className="fine-print">{t('admin.bots.none')}</p> : null}
        <Pager page={page} pages={bots.data?.pageCount ?? 1} onPage={setPage} />
      </section>
    </>
  );
}
