import { queryClient } from '../lib/queryClient';
import { timeoutManager } from '@tanstack/react-query';

// A cached answer is dropped after its gcTime (5 minutes) by a timer. An answer that lands after a
// test file's last `queryClient.clear()` (a refetch still in flight) starts such a timer, which
// kept Jest from exiting for five minutes after the tests had passed. In tests nothing is
// dropped on a timer: each file clears the client itself.
queryClient.setDefaultOptions({
  ...queryClient.getDefaultOptions(),
  queries: { ...queryClient.getDefaultOptions().queries, gcTime: Infinity },
  mutations: { ...queryClient.getDefaultOptions().mutations, gcTime: Infinity },
});

// The client's timers still pending after a file's tests are cleared. A query observed by a
// screen that outlives its file (expo-router's test renderer leaves some mounted; an unmount
// that was not awaited did too) keeps a stale-time timer of five minutes, and with the tests
// run in one process that kept Jest from exiting for five minutes after they had passed (CI).
const timers = new Set<ReturnType<typeof setTimeout>>();
const intervals = new Set<ReturnType<typeof setInterval>>();
timeoutManager.setTimeoutProvider({
  setTimeout: (fn, ms) => {
    const id = setTimeout(() => (timers.delete(id), fn()), ms);
    timers.add(id);
    return id;
  },
  clearTimeout: (id) => (timers.delete(id!), clearTimeout(id)),
  setInterval: (fn, ms) => {
    const id = setInterval(fn, ms);
    intervals.add(id);
    return id;
  },
  clearInterval: (id) => (intervals.delete(id!), clearInterval(id)),
});
afterAll(() => {
  for (const id of timers) clearTimeout(id);
  for (const id of intervals) clearInterval(id);
  timers.clear();
  intervals.clear();
});
