import { useTranslation } from 'react-i18next';

const FEATURES = [
  { key: 'decks', icon: 'M4 18a8 8 0 1 1 16 0M12 18a2 2 0 1 0 0-4 2 2 0 0 0 0 4z' },
  { key: 'vote', icon: 'M7 11v9H4v-9h3zm3 9h7.5l2.5-7V11h-6l1-5-1.5-1L10 11v9z' },
  { key: 'chat', icon: 'M4 5h16v11H9l-5 4V5z' },
  { key: 'crates', icon: 'M4 7h16v13H4V7zm2-3h12v3H6V4zm3 8h6' },
  {
    key: 'season',
    icon: 'M8 4h8v5a4 4 0 0 1-8 0V4zm4 9v4m-4 3h8M5 5H3v2a3 3 0 0 0 3 3m13-5h2v2a3 3 0 0 1-3 3',
  },
  {
    key: 'friends',
    icon: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7 0a2.5 2.5 0 1 0 0-5M3 20c0-3 3-5 6-5s6 2 6 5m2-5c2 0 4 1.5 4 4',
  },
] as const;

/** What you can do on Turntable LIVE, as a grid of cards. */
export function Features() {
  const { t } = useTranslation();
  return (
    <section className="features container" id="what-you-can-do" aria-labelledby="features-title">
      <h2 id="features-title" className="section-title">
        {t('landing.featuresTitle')}
      </h2>
      <p className="section-lead">{t('landing.featuresLead')}</p>
      <ul className="feature-grid">
        {FEATURES.map((f) => (
          <li key={f.key} className="card feature">
            <svg viewBox="0 0 24 24" className="feature-icon" aria-hidden="true" focusable="false">
              <path
                d={f.icon}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <h3>{t(`landing.features.${f.key}.title`)}</h3>
            <p>{t(`landing.features.${f.key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
