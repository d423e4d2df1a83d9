import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  avatarEndpoints as a,
  profileEndpoints,
  type AvatarArt,
  type AvatarDto,
} from '@tt/protocol';
import { BUILTIN_AVATARS } from '@tt/rules';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { storeOwnProfile } from '../profile/queries';

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

/** My picker: every avatar I may see, each with its lock. */
export function useMyAvatarsQuery() {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery({
    queryKey: avatarKeys.mine,
    queryFn: () => api.call(a.mine, {}),
    enabled: signedIn,
  });
}

/** Wears an avatar (the profile's avatarId); my profile and everything showing me follow. */
export function useWearAvatarMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) =>
      api.call(profileEndpoints.updateProfile, { body: { avatarId: slug } }),
    onSuccess: (profile) => {
      storeOwnProfile(profile);
      void qc.invalidateQueries({ queryKey: avatarKeys.mine });
    },
  });
}
