import { BRAND_INFO, type Brand } from '@tt/rules';

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * BRAND-NAME-1: the web app's page as this server's brand shows it: `data-brand` on <html> (the
 * app reads it for its name, wordmark and colours), the title, the description and the
 * installable app's manifest.
 */
export function brandedIndex(html: string, brand: Brand): string {
  const info = BRAND_INFO[brand];
  const branded =
    brand === 'turntable'
      ? html
      : html
          .replace('href="/manifest.webmanifest"', `href="/manifest-${brand}.webmanifest"`)
          .replace(/(<meta\s+name="theme-color"\s+content=")[^"]*(")/, '$1#0f1c19$2');
  return branded
    .replace(/<html([^>]*)>/, `<html$1 data-brand="${brand}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(info.title)}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, `$1${escape(info.description)}$2`);
}
