import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useMySubscriptionQuery } from './queries';
import '../../styles/plans.css';

/**
 * /subscription/return: back from Checkout. The plan counts once Stripe's webhook has landed, so
 * the page asks every 2 s until it has.
 */
export default function SubscriptionReturnPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('plans.returnTitle'));
  const mine = useMySubscriptionQuery(true);
  const done = mine.data?.level === 'PRO';
  return (
    <div className="container narrow center-page" data-testid="subscription-return">
      {done ? (
        <div className="card plan-welcome" data-testid="subscription-active">
          <h1>{t('plans.welcome')}</h1>
          <p className="muted">{t('plans.welcomeLead')}</p>
          <div className="form-actions-inline">
            <Link className="btn btn-primary" to="/rooms">
              {t('plans.toRooms')}
            </Link>
            <Link className="btn btn-ghost" to="/settings/account#plan">
              {t('plans.manage')}
            </Link>
          </div>
        </div>
      ) : (
        <p className="muted loading-line" role="status">
          <span className="spinner" aria-hidden="true" /> {t('plans.confirming')}
        </p>
      )}
    </div>
  );
}
