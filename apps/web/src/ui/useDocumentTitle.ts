import { useEffect } from 'react';

/** Sets the tab title to "<page> · Turntable LIVE". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Turntable LIVE` : 'Turntable LIVE';
  }, [title]);
}
