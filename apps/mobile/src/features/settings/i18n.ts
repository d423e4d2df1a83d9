import { i18n } from '../../i18n';

// Language names stay in their own language, so anyone can find theirs.
const languages = { en: 'English', es: 'Español' };

i18n.addResourceBundle(
  'en',
  'translation',
  { settings: { language: 'Language', languages } },
  true,
  true,
);
i18n.addResourceBundle(
  'es',
  'translation',
  { settings: { language: 'Idioma', languages } },
  true,
  true,
);
