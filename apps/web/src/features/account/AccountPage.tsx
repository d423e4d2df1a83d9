import { DiscordSection } from '../discord/DiscordSection';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useOwnProfile } from '../../entities/user/queries';
import { ConnectionsSection } from './ConnectionsSection';
import { EmailsSection } from './EmailsSection';
import { PlanSection } from '../plans/PlanSection';
import { TrustSection } from '../trust/TrustNote';
import {
  useChangePasswordMutation,
  useRequestDeactivationMutation,
  useSetPasswordMutation,
  useSignOutEverywhereMutation,
} from './queries';
import '../../styles/account.css';

/** /settings/account: password, e-mail addresses, music connections, deactivation. */
export default function AccountPage() {
  const { t } = useTranslation();
  const profile = useOwnProfile();
  useDocumentTitle(t('account.title'));
  return (
    <div className="container edit-page account-page">
      <div className="page-head">
        <div>
          <h1>{t('account.title')}</h1>
          <p className="muted">{t('account.lead')}</p>
        </div>
        <Link className="btn btn-ghost" to="/settings/profile">
          {t('account.editProfile')}
        </Link>
      </div>
      {profile.data ? <PasswordSection hasPassword={profile.data.hasPassword} /> : null}
      <PlanSection />
      <TrustSection />
      <EmailsSection />
      <ConnectionsSection />
      <DiscordSection />
      <SessionsSection />
      <DeactivateSection />
    </div>
  );
}

/** PASSWORD-1: the new password must differ from the old one (the server says so in its words). */
function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const change = useChangePasswordMutation();
  const set = useSetPasswordMutation();
  const m = hasPassword ? change : set;
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    const done = { onSuccess: () => (setOld(''), setNew('')) };
    if (hasPassword) change.mutate({ oldPassword, newPassword }, done);
    else set.mutate(newPassword, done);
  };
  return (
    <section className="card edit-section" data-testid="account-password">
      <h2>{hasPassword ? t('account.passwordTitle') : t('account.setPasswordTitle')}</h2>
      <p className="muted">
        {hasPassword ? t('account.passwordLead') : t('account.setPasswordLead')}
      </p>
      <ErrorAlert error={m.error} />
      {m.isSuccess ? (
        <p className="alert alert-success" role="status">
          {hasPassword ? t('account.passwordChanged') : t('account.passwordSet')}
        </p>
      ) : null}
      <form onSubmit={submit} className="account-form">
        {hasPassword ? (
          <Field
            label={t('account.currentPassword')}
            type="password"
            autoComplete="current-password"
            value={oldPassword}
            onChange={(e) => (setOld(e.target.value), m.reset())}
            required
            data-testid="old-password"
          />
        ) : null}
        <Field
          label={t('account.newPassword')}
          hint={t('account.newPasswordHint')}
          type="password"
          autoComplete="new-password"
          minLength={8}
          value={newPassword}
          onChange={(e) => (setNew(e.target.value), m.reset())}
          required
          data-testid="new-password"
        />
        <button type="submit" className="btn btn-primary" disabled={m.isPending}>
          {hasPassword ? t('account.changePassword') : t('account.setPassword')}
        </button>
      </form>
    </section>
  );
}

/** SEC-SESSION-1: sign out of every phone, browser and app at once. */
function SessionsSection() {
  const { t } = useTranslation();
  const [sure, setSure] = useState(false);
  const end = useSignOutEverywhereMutation();
  return (
    <section className="card edit-section" data-testid="account-sessions">
      <h2>{t('account.sessionsTitle')}</h2>
      <p className="muted">{t('account.sessionsLead')}</p>
      <ErrorAlert error={end.error} />
      {sure ? (
        <div className="form-actions-inline">
          <button
            type="button"
            className="btn btn-danger"
            disabled={end.isPending}
            onClick={() => end.mutate()}
            data-testid="sign-out-everywhere-confirm"
          >
            {t('account.sessionsConfirm')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setSure(false)}>
            {t('roomForm.cancel')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => setSure(true)}
          data-testid="sign-out-everywhere"
        >
          {t('account.sessionsButton')}
        </button>
      )}
    </section>
  );
}

function DeactivateSection() {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [sure, setSure] = useState(false);
  const request = useRequestDeactivationMutation();
  return (
    <section className="card edit-section danger-zone" data-testid="account-deactivate">
      <h2>{t('account.deactivateTitle')}</h2>
      <p className="muted">{t('account.deactivateLead')}</p>
      <ErrorAlert error={request.error} />
      {request.isSuccess ? (
        <p className="alert alert-success" role="status" data-testid="deactivation-requested">
          {t('account.deactivateRequested')}
        </p>
      ) : sure ? (
        <>
          <div className="field">
            <label htmlFor="deactivate-reason">{t('account.deactivateReason')}</label>
            <textarea
              id="deactivate-reason"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className="form-actions-inline">
            <button
              type="button"
              className="btn btn-danger"
              disabled={request.isPending}
              onClick={() => request.mutate(reason)}
              data-testid="deactivate-confirm"
            >
              {t('account.deactivateConfirm')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setSure(false)}>
              {t('roomForm.cancel')}
            </button>
          </div>
        </>
      ) : (
        <button type="button" className="btn btn-ghost" onClick={() => setSure(true)}>
          {t('account.deactivate')}
        </button>
      )}
    </section>
  );
}
