import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubscriptionLevel } from '@tt/protocol';
import { ErrorAlert } from '../../ui/Alert';
import { useSubscriptionCountQuery } from './tools-queries';
import './staff-tools.css';

/** A date field's day as the instant it starts (or ends), in the viewer's time zone. */
const instant = (day: string, end = false) =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined;

/**
 * STAFF-VIEWS-3: how many subscriptions in force started in a period, of one billing country and
 * one level (GET /subscription/count); every filter may be left empty.
 */
export function SubscriptionsPanel() {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [region, setRegion] = useState('');
  const [level, setLevel] = useState<SubscriptionLevel | ''>('');
  const regionOk = region === '' || /^[A-Za-z]{2}$/.test(region);
  const count = useSubscriptionCountQuery({
    startDate: instant(from),
    endDate: instant(to, true),
    region: regionOk && region ? region.toUpperCase() : undefined,
    level: level || undefined,
  });
  return (
    <section className="card" data-testid="subscriptions-panel">
      <h2>{t('admin.subscriptions.title')}</h2>
      <p className="fine-print admin-lead">{t('admin.subscriptions.lead')}</p>
      <div className="staff-filters">
        <label className="field">
          <span>{t('admin.subscriptions.from')}</span>
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('admin.subscriptions.to')}</span>
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('admin.subscriptions.region')}</span>
          <input
            value={region}
            maxLength={2}
            placeholder="ES"
            aria-invalid={!regionOk}
            onChange={(e) => setRegion(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('admin.subscriptions.level')}</span>
          <select
            value={level}
            onChange={(e) => setLevel(e.target.value as SubscriptionLevel | '')}
          >
            <option value="">{t('admin.subscriptions.anyLevel')}</option>
            {SubscriptionLevel.options.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!regionOk ? <p className="alert alert-error">{t('admin.subscriptions.badRegion')}</p> : null}
      <ErrorAlert error={count.error} />
      {count.error ? null : (
        <div className="staff-after">
          <span className="fine-print">{t('admin.subscriptions.inForce')}</span>
          <p className="staff-figure" data-testid="subscription-count">
            {count.data ? count.data.count : '…'}
          </p>
        </div>
      )}
    </section>
  );
}
