import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LANGUAGES, setLanguage, type Language } from '../lib/i18n';

const NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** EN | ES toggle; the choice is stored (and a stale ?lang= in the address is dropped). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();

  const choose = (lang: Language) => {
    void setLanguage(lang);
    if (params.has('lang')) {
      const next = new URLSearchParams(params);
      next.delete('lang');
      setParams(next, { replace: true });
    }
  };

  return (
    <div className="lang-switch" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          title={NAMES[lang]}
          aria-pressed={i18n.language === lang}
          onClick={() => choose(lang)}
          data-testid={`lang-${lang}`}
        >
          {lang.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
