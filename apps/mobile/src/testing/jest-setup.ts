import { queryClient } from '../lib/queryClient';

// A cached answer is dropped after its gcTime (5 minutes) by a timer. An answer that lands after a
// test file's last `queryClient.clear()` (a refetch still in flight) starts such a timer, which
// kept Jest from exiting for five minutes after the tests had passed. In tests nothing is
// dropped on a timer: each file clears the client itself.
queryClient.setDefaultOptions({
  ...queryClient.getDefaultOptions(),
  queries: { ...queryClient.getDefaultOptions().queries, gcTime: Infinity },
  mutations: { ...queryClient.getDefaultOptions().mutations, gcTime: Infinity },
});
