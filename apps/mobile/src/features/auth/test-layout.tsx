import { QueryClientProvider } from '@tanstack/react-query';
import { Slot } from 'expo-router';
import { queryClient } from '../../lib/queryClient';

/** The providers the screens need, for component tests (the real root layout adds navigation). */
export function TestLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Slot />
    </QueryClientProvider>
  );
}
