import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { avatarEndpoints as a, profileEndpoints } from '@tt/protocol';
import { avatarKeys } from '../../entities/avatar/queries';
import { storeOwnProfile } from '../../entities/user/queries';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

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
