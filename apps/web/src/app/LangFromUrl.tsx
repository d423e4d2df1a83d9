import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { isLanguage, setLanguage } from '../lib/i18n';

/** `?lang=es` anywhere in the app switches the language and remembers it. */
export function LangFromUrl() {
  const [params] = useSearchParams();
  const lang = params.get('lang');
  useEffect(() => {
    if (isLanguage(lang)) void setLanguage(lang);
  }, [lang]);
  return null;
}
