import { useQuery } from '@tanstack/react-query';
import { avatarEndpoints as a, type AvatarArt, type AvatarDto } from '@tt/protocol';
import { BUILTIN_AVATARS } from '@tt/rules';
import { api } from '../../lib/api';

export const avatarKeys = {
  all: ['avatars', 'all'] as const,
  mine: ['avatars', 'mine'] as const,
};

const BUILTIN = new Map(BUILTIN_AVATARS.map((b) => [b.slug, b.art]));

/** The whole catalogue (to draw anyone); the built-in characters are known before it loads. */
export function useCatalogueQuery() {
  return useQuery({
    queryKey: avatarKeys.all,
    queryFn: () => api.call(a.all, {}),
    staleTime: 10 * 60_000,
    retry: 1,
  });
}

/** The art of an avatar by slug, or null when no avatar has that slug. */
export function useAvatarArt(slug: string | null | undefined): AvatarArt | null {
  const { data } = useCatalogueQuery();
  if (!slug) return null;
  const found = data?.find((x: AvatarDto) => x.slug === slug);
  return found?.art ?? BUILTIN.get(slug) ?? null;
}
