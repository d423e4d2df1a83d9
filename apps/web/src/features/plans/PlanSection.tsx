import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../ui/Alert';
import { useMySubscriptionQuery, usePaymentsStatus, usePortalMutation } from './queries';

/** The account page's plan: what you have, until when, and Manage billing (SUB-PORTAL-1). */
export function PlanSection() {
  const { t, i18n } = useTranslation();
  const mine = useMySubscriptionQuery();
  const portal = usePortalMutation();
  const sub = mine.data?.subscription ?? null;
  const level = mine.data?.level ?? 'FREE';
  const payments = usePaymentsStatus();
  // SUB-STATUS-1: no plan to show where payments are off.
  if (!payments.enabled) return null;
  return (
    <section className="card edit-section" id="plan" data-testid="account-plan">
      <h2>{t('plans.yourPlan')}</h2>
      <p data-testid="plan-level">
        <strong>{t(`plans.levels.${level}`)}</strong>
        {sub && level !== 'FREE' && sub.currentPeriodEnd ? (
          <span className="muted">
            {' · '}
            {t(sub.cancelAtPeriodEnd ? 'plans.endsOn' : 'plans.renewsOn', {
              when: new Date(sub.currentPeriodEnd).toLocaleDateString(i18n.language),
            })}
          </span>
        ) : null}
      </p>
      <ErrorAlert error={portal.error} />
      <div className="form-actions-inline">
        {level === 'FREE' ? (
          <Link className="btn btn-primary" to="/plans" data-testid="plan-see">
            {t('plans.see')}
          </Link>
        ) : null}
        {sub ? (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={portal.isPending}
            onClick={() => portal.mutate()}
            data-testid="plan-manage"
          >
            {t('plans.manage')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
