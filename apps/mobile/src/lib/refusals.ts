/**
 * Failed API calls of the app's queries and mutations, told to whoever listens (the session
 * ends itself on a ban, BAN-NOTICE-1). Apart from queryClient.ts so that the session, which
 * imports the query client, can listen without an import cycle.
 */
const listeners = new Set<(err: unknown) => void>();

/** Listens to every failed query and mutation; answers the function that stops it. */
export function onRefusal(listener: (err: unknown) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportRefusal(err: unknown): void {
  listeners.forEach((l) => l(err));
}
