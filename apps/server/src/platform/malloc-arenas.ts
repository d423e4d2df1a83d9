/**
 * MEM-ARENA-1: glibc's malloc gives each thread that allocates (the main thread, libuv's pool,
 * V8's helpers) an arena of its own, up to eight per core, and memory freed in an arena is seldom
 * handed back. Capped at two arenas, a server holding 1,000 listeners on PostgreSQL + Redis was
 * resident in 246-250 MB against 257-258 MB uncapped (two runs each), 236-237 MB against 242-243
 * MB at start; after a burst of native allocation (a heap snapshot) 249 MB against 548 MB. glibc
 * reads the cap once, when a process starts, so it is set for the processes we start (`npm run
 * serve`, the image, the cluster and bench processes); a value already set is kept.
 */
export const MALLOC_ARENA_MAX = '2';

/** `env` with the arena cap added, unless it sets one already. */
export function withArenaCap<E extends Record<string, string | undefined>>(env: E): E {
  return { MALLOC_ARENA_MAX, ...env };
}
