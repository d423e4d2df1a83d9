import { useCallback, useEffect, useRef, useState } from 'react';
import type { MinimalSongDto } from '@tt/protocol';
import { queryClient } from '../../lib/queryClient';
import * as crateApi from './api';
import { refKey, type CrateRef } from './api';
import { CRATE_SONGS_PAGE, type CrateDto, type CrateSongDto } from './contract';
import {
  fillPage,
  indexOfSong,
  insertSongs,
  moveSong,
  pendingSong,
  removeSongs,
  replaceSong,
} from './edits';
import { cacheTimesOf, crateKeys, storeCrate } from './queries';
import { pagesFor, type RowRange } from './windowing';

export type Slots = (CrateSongDto | null)[];

/** What an edit reports back to the screen. */
export type EditResult = { ok: true; duplicates?: number } | { ok: false; error: unknown };

/**
 * The songs of a crate as the screen holds them: a sparse list of the crate's length whose pages
 * (300 songs) load as rows scroll into view, and its edits — add optimistic with
 * rollback, remove local then server, reorder optimistic with rollback, clear local first.
 */
export function useCrateSongs(ref: CrateRef, crate: CrateDto | undefined) {
  const key = refKey(ref);
  const [items, setItems] = useState<Slots>([]);
  const itemsRef = useRef<Slots>([]);
  const keyRef = useRef<string | null>(null);
  const range = useRef<RowRange>({ start: 0, end: 0 });
  const loading = useRef(new Set<number>());
  const tried = useRef(new Map<number, number>());
  const version = useRef(0);
  const pending = useRef(0);
  /** Songs shown while the server has not answered their add yet. */
  const adding = useRef(new Set<string>());
  const [loadError, setLoadError] = useState<unknown>(null);
  const refRef = useRef(ref);
  refRef.current = ref;

  const apply = useCallback((next: Slots) => {
    itemsRef.current = next;
    setItems(next);
  }, []);

  /** Starts over from the server's count (and first page when given). */
  const reset = useCallback(
    (total: number, first?: CrateSongDto[]) => {
      version.current += 1;
      tried.current.clear();
      apply(fillPage([], total, 0, first ?? []));
    },
    [apply],
  );

  const loadRange = useCallback(
    (r: RowRange) => {
      range.current = r;
      const v = version.current;
      const current = refRef.current;
      const currentKey = refKey(current);
      for (const offset of pagesFor(r, CRATE_SONGS_PAGE)) {
        const from = Math.max(r.start, offset);
        const to = Math.min(r.end, offset + CRATE_SONGS_PAGE);
        let missing = false;
        for (let i = from; i < to && !missing; i++) missing = !itemsRef.current[i];
        if (!missing || loading.current.has(offset) || tried.current.get(offset) === v) continue;
        loading.current.add(offset);
        tried.current.set(offset, v);
        queryClient
          .fetchQuery({
            queryKey: crateKeys.page(currentKey, offset),
            queryFn: ({ signal }) => crateApi.fetchSongsPage(current, offset, signal),
            ...cacheTimesOf(current),
          })
          .then((page) => {
            loading.current.delete(offset);
            // An edit since the request moved rows: this page no longer fits; ask again.
            if (version.current !== v || keyRef.current !== currentKey) return;
            const held = itemsRef.current;
            const next = fillPage(held, held.length, offset, page.songs);
            if (next.some((s, i) => s !== held[i])) apply(next);
          })
          .catch((err: unknown) => {
            loading.current.delete(offset);
            if (keyRef.current === currentKey) setLoadError(err);
          });
      }
    },
    [apply],
  );

  // A new crate, or the server's count moved while no edit of ours is in flight: start over.
  const total = crate?.crateSongsNumber;
  useEffect(() => {
    if (total === undefined) {
      if (keyRef.current !== key) apply([]);
      return;
    }
    const switched = keyRef.current !== key;
    if (!switched && (pending.current > 0 || total === itemsRef.current.length)) return;
    keyRef.current = key;
    setLoadError(null);
    loading.current.clear();
    reset(total, crate?.songs);
    // crate.songs is read only when the count or the crate changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, total, reset, apply]);

  // Rows that an edit emptied (or a reset) load again.
  useEffect(() => {
    loadRange(range.current);
  }, [items, loadRange]);

  /** The server is the truth again (after a failed edit, or a shuffle). */
  const reload = useCallback(async () => {
    queryClient.removeQueries({ queryKey: crateKeys.songs(key) });
    try {
      const fresh = await queryClient.fetchQuery({
        queryKey: crateKeys.crate(key),
        queryFn: ({ signal }) => crateApi.fetchCrate(refRef.current, signal),
        staleTime: 0,
      });
      reset(fresh.crateSongsNumber, fresh.songs);
    } catch (err) {
      setLoadError(err);
    }
  }, [key, reset]);

  /** Runs one edit: the local change first, then the server; `undo` when the server says no. */
  const edit = useCallback(
    async <T>(
      local: () => void,
      server: () => Promise<T>,
      done: (answer: T) => EditResult,
      undo: () => void,
    ): Promise<EditResult> => {
      pending.current += 1;
      version.current += 1;
      local();
      try {
        return done(await server());
      } catch (error) {
        undo();
        return { ok: false, error };
      } finally {
        pending.current -= 1;
      }
    },
    [],
  );

  const add = useCallback(
    (song: MinimalSongDto, position?: number) => {
      const temp = crypto.randomUUID();
      adding.current.add(temp);
      const settle = (r: EditResult) => {
        adding.current.delete(temp);
        return r;
      };
      return edit(
        () => {
          const at = position ?? itemsRef.current.length;
          apply(insertSongs(itemsRef.current, [pendingSong(song, temp, at)], at));
        },
        () => crateApi.addSongs(refRef.current, [song], position),
        (res) => {
          version.current += 1;
          apply(replaceSong(itemsRef.current, temp, res.added));
          storeCrate(refRef.current, res.crate);
          return { ok: true, duplicates: res.duplicates };
        },
        () => apply(removeSongs(itemsRef.current, new Set([temp]))),
      ).then(settle);
    },
    [apply, edit],
  );

  const remove = useCallback(
    (uuids: string[]) =>
      edit(
        () => apply(removeSongs(itemsRef.current, new Set(uuids))),
        async () => {
          let last: CrateDto | undefined;
          for (const uuid of uuids) last = await crateApi.removeSong(refRef.current, uuid);
          return last;
        },
        (last) => {
          if (last) storeCrate(refRef.current, last);
          return { ok: true };
        },
        () => void reload(),
      ),
    [apply, edit, reload],
  );

  const move = useCallback(
    (from: number, to: number) => {
      const song = itemsRef.current[from];
      const last = itemsRef.current.length - 1;
      const target = Math.min(Math.max(0, to), last);
      if (!song || target === from) return Promise.resolve<EditResult>({ ok: true });
      return edit(
        () => apply(moveSong(itemsRef.current, from, target)),
        () => crateApi.moveSong(refRef.current, song.crateSongUuid, target),
        (crate) => {
          storeCrate(refRef.current, crate);
          return { ok: true };
        },
        () => {
          const now = indexOfSong(itemsRef.current, song.crateSongUuid);
          if (now >= 0) apply(moveSong(itemsRef.current, now, from));
        },
      );
    },
    [apply, edit],
  );

  const clear = useCallback(
    () =>
      edit(
        () => apply([]),
        () => crateApi.clearCrate(refRef.current),
        (crate) => {
          storeCrate(refRef.current, crate);
          return { ok: true };
        },
        () => void reload(),
      ),
    [apply, edit, reload],
  );

  const shuffle = useCallback(async (): Promise<EditResult> => {
    try {
      storeCrate(refRef.current, await crateApi.shuffleCrate(refRef.current));
      await reload();
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    }
  }, [reload]);

  const isAdding = useCallback((uuid: string) => adding.current.has(uuid), []);

  return { items, isAdding, loadError, loadRange, add, remove, move, clear, shuffle, reload };
}
