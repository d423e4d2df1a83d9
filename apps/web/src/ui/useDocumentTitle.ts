import { BRAND_TEXT } from '../lib/brand';
import { useEffect } from 'react';

/** Sets the tab title to "<page> · <product>" (BRAND-NAME-1). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND_TEXT.title}` : BRAND_TEXT.title;
  }, [title]);
}
