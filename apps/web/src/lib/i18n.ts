import { BRAND_TEXT } from './brand';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/en.json';
import es from '../i18n/es.json';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
/** localStorage key of the chosen language (the chosen locale persists in local storage). */
export const LOCALE_KEY = 'locale';

export const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language);

function readStored(): Language | null {
  try {
    const v = localStorage.getItem(LOCALE_KEY);
    return isLanguage(v) ? v : null;
  } catch {
    return null;
  }
}

function store(lang: Language): void {
  try {
    localStorage.setItem(LOCALE_KEY, lang);
  } catch {
    // storage may be unavailable (private mode); the choice then lasts for this page only
  }
}

/** `?lang=es` wins (and is remembered), then the stored choice, then English. */
export function initialLanguage(search = window.location.search): Language {
  const fromUrl = new URLSearchParams(search).get('lang');
  if (isLanguage(fromUrl)) {
    store(fromUrl);
    return fromUrl;
  }
  return readStored() ?? 'en';
}

export async function setLanguage(lang: Language): Promise<void> {
  store(lang);
  document.documentElement.lang = lang;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

export function setupI18n(): typeof i18n {
  const lng = initialLanguage();
  document.documentElement.lang = lng;
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, es: { translation: es } },
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // BRAND-NAME-1: "{{product}}" and "{{brand}}" in any text name this server's product.
    interpolation: {
      escapeValue: false,
      defaultVariables: { product: BRAND_TEXT.title, brand: BRAND_TEXT.name },
    },
    returnNull: false,
  });
  return i18n;
}

export { i18n };
