import { BRAND_TEXT } from '../lib/brand';
import { useEffect } from 'react';
import { setTitleBase } from './documentTitle';

/** Sets the tab title to "<page> · <product>" (BRAND-NAME-1); any unread count stays in front. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    setTitleBase(title ? `${title} · ${BRAND_TEXT.title}` : BRAND_TEXT.title);
  }, [title]);
}
