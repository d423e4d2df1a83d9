import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { bootstrapSession, handleUnauthorized } from '../entities/session/session';
import { watchTokenChanges } from '../lib/analytics/appEvents';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/queryClient';

/** Settles the session once, and drops an expired user token when a query answers 401. */
function SessionBootstrap() {
  useEffect(() => watchTokenChanges(), []);
  useEffect(() => {
    void bootstrapSession();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        handleUnauthorized(event.action.error);
      }
    });
  }, []);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <SessionBootstrap />
          {children}
        </BrowserRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
