import i18next, { type i18n as I18n } from 'i18next';
import en from '../i18n/en.json';
import es from '../i18n/es.json';

/**
 * For unit tests: an i18next instance with the app's en and es texts, for an I18nextProvider. Not
 * made React's global instance (initReactI18next): test files share a worker (isolate: false), and
 * a later file rendering without a provider would get these texts instead of its keys.
 */
export async function testI18n(lng: 'en' | 'es' = 'en'): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: { en: { translation: en }, es: { translation: es } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}
