import { renderHook, waitFor } from '@testing-library/react-native';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../lib/queryClient';
import { useProQuery } from './queries';
import { fakeFetch } from './testing';

let payments = false;
const api = fakeFetch((url) => {
  if (url.endsWith('/subscription/status')) return [200, { enabled: payments }];
  if (url.endsWith('/subscription')) return [200, { level: 'PRO', subscription: null }];
  return [404, { message: 'Not found' }];
});

beforeAll(() => {
  globalThis.fetch = api.fetch;
});
afterEach(() => queryClient.clear());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

test('SUB-STATUS-1: with payments off nobody is Pro and the subscription is never asked for', async () => {
  payments = false;
  const { result } = await renderHook(() => useProQuery(true), { wrapper });
  await waitFor(() => expect(result.current.data).toBe(false));
  expect(api.seen.some((r) => r.url.endsWith('/subscription'))).toBe(false);
});

test('SUB-STATUS-1: with payments on, the subscription says whether the person is Pro', async () => {
  payments = true;
  const { result } = await renderHook(() => useProQuery(true), { wrapper });
  await waitFor(() => expect(result.current.data).toBe(true));
  expect(api.seen.some((r) => r.url.endsWith('/subscription'))).toBe(true);
});
