import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getLocales } from 'expo-localization';
import { BRAND_TEXT } from '../lib/config';
import en from './en.json';
import es from './es.json';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language);

/** The first of the phone's preferred languages that we speak, else English. */
export function deviceLanguage(): Language {
  const spoken = getLocales().find((l) => isLanguage(l.languageCode));
  return (spoken?.languageCode as Language | undefined) ?? 'en';
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: deviceLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // BRAND-NAME-1: "{{product}}" and "{{brand}}" in any text name this build's product.
  interpolation: {
    escapeValue: false,
    defaultVariables: { product: BRAND_TEXT.title, brand: BRAND_TEXT.name },
  },
  returnNull: false,
});

export { i18n };
