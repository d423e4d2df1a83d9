import { i18n } from '../../i18n';
import './i18n';

/** The ban banner's own words (BAN-NOTICE-1); what it says of the ban is auth's. */
const en = { banNotice: { close: 'Close' } };
const es = { banNotice: { close: 'Cerrar' } };

i18n.addResourceBundle('en', 'translation', en, true, true);
i18n.addResourceBundle('es', 'translation', es, true, true);
