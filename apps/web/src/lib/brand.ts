import { BRAND_INFO, parseBrand, type Brand } from '@tt/rules';

/**
 * BRAND-NAME-1: which product this is, as the server marked the page (`data-brand` on <html>);
 * turntable when unmarked (the development server).
 */
export const BRAND: Brand =
  (typeof document !== 'undefined' && parseBrand(document.documentElement.dataset.brand)) ||
  'turntable';

export const BRAND_TEXT = BRAND_INFO[BRAND];
