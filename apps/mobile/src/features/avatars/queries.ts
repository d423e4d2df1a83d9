import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { avatarEndpoints as a, type AvatarArt, type AvatarDto } from '@tt/protocol';
import { BUILTIN_AVATARS } from '@tt/rules';
import { api } from '../../lib/api';

export const avatarKeys = {
  all: ['avatars', 'all'] as const,
};

const BUILTIN = new Map(BUILTIN_AVATARS.map((b) => [b.slug, b.art]));

const catalogue = {
  queryKey: avatarKeys.all,
  queryFn: () => api.call(a.all, {}),
  staleTime: 10 * 60_000,
  retry: 1,
};

/** The whole catalogue (public: guests draw everyone too); fetched once, kept for ten minutes. */
export function useCatalogueQuery() {
  return useQuery(catalogue);
}

/**
 * The art of an avatar by slug (a profile's avatarId), or null when no avatar has that slug. The
 * built-in characters are known before the catalogue loads (AVATAR-ART-1). Only a change of this
 * slug's art re-renders the caller, not the catalogue arriving.
 */
export function useAvatarArt(slug: string | null | undefined): AvatarArt | null {
  const select = useCallback(
    (list: AvatarDto[]): AvatarArt | undefined =>
      Array.isArray(list) ? list.find((x) => x.slug === slug)?.art : undefined,
    [slug],
  );
  const { data } = useQuery({ ...catalogue, select, enabled: Boolean(slug) });
  if (!slug) return null;
  return data ?? BUILTIN.get(slug) ?? null;
}
