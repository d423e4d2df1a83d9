import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { SubscriptionProductDto } from '@tt/protocol';
import { useSession } from '../../lib/session';
import { ErrorAlert } from '../../ui/Alert';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import {
  useCheckoutMutation,
  useMySubscriptionQuery,
  usePaymentsStatus,
  useProductsQuery,
} from './queries';
import '../../styles/plans.css';

/** A price as the person's language writes it: $4.99 / month. */
export function priceText(p: SubscriptionProductDto, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: p.currency.toUpperCase(),
  }).format(p.amount / 100);
}

/** /plans: what Pro gives, the plans on sale, and Checkout (SUB-PLANS-1, SUB-CHECKOUT-1). */
export default function PlansPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('plans.title'));
  const [search] = useSearchParams();
  const signedIn = useSession((s) => s.accessToken !== null);
  const products = useProductsQuery();
  const mine = useMySubscriptionQuery();
  const checkout = useCheckoutMutation();
  const payments = usePaymentsStatus();
  const isPro = mine.data?.level === 'PRO';
  return (
    <div className="container plans-page" data-testid="plans-page">
      <header className="plans-head">
        <h1>{t('plans.title')}</h1>
        <p className="muted">{t('plans.lead')}</p>
      </header>
      {search.get('canceled') ? (
        <p className="alert alert-info" role="status">
          {t('plans.canceled')}
        </p>
      ) : null}
      {payments.off ? (
        <p className="alert alert-info" role="status" data-testid="plans-off">
          {t('plans.off')}
        </p>
      ) : null}
      <ErrorAlert error={products.error ?? checkout.error} />
      {isPro ? (
        <p className="alert alert-success" data-testid="plans-already">
          {t('plans.already')} <Link to="/settings/account#plan">{t('plans.manage')}</Link>
        </p>
      ) : null}
      <ul className="plan-grid">
        {(products.data ?? []).map((p) => (
          <li key={p.id} className="plan-card" data-testid="plan">
            <h2>{p.name}</h2>
            <p className="plan-price">
              <strong>{priceText(p, i18n.language)}</strong>{' '}
              <span className="muted">{t(`plans.per.${p.interval}`)}</span>
            </p>
            {p.description ? <p className="muted">{p.description}</p> : null}
            {signedIn ? (
              <button
                type="button"
                className="btn btn-primary btn-block"
                disabled={isPro || checkout.isPending}
                onClick={() => checkout.mutate(p.id)}
                data-testid="plan-subscribe"
              >
                {t('plans.subscribe')}
              </button>
            ) : (
              <Link className="btn btn-primary btn-block" to="/signup">
                {t('plans.signUpFirst')}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <p className="fine-print">{t('plans.finePrint')}</p>
    </div>
  );
}
