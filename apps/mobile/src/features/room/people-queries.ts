import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '@tt/api-client';
import { djFanEndpoints as d, friendEndpoints as f } from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';

/** The web's keys (features/friends), so both clients cache the same answers the same way. */
export const personKeys = {
  following: (uuid: string) => ['fans', 'following', uuid] as const,
};

/** Does the signed-in user follow this DJ? (404: no.) — as the web's useFollowingQuery. */
export function useFollowingQuery(djUuid: string, enabled: boolean) {
  return useQuery({
    queryKey: personKeys.following(djUuid),
    queryFn: async () => {
      try {
        await api.call(d.single, { params: { id: djUuid } });
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return false;
        throw err;
      }
    },
    enabled,
  });
}

/** Follow or unfollow (POST /dj-fans, DELETE /dj-fans/{id}), as on the web. */
export function useFollowMutation(djUuid: string) {
  return useMutation({
    mutationFn: async (follow: boolean): Promise<void> => {
      if (follow) await api.call(d.follow, { body: { djUuid } });
      else await api.call(d.unfollow, { params: { id: djUuid } });
    },
    onSuccess: (_r, follow) => queryClient.setQueryData(personKeys.following(djUuid), follow),
  });
}

/** Sends a friend invitation (POST /friends/invite). */
export function useInviteMutation() {
  return useMutation({
    mutationFn: (receiverUuid: string) => api.call(f.invite, { body: { receiverUuid } }),
  });
}

/** Blocks someone (POST /blocked-users). */
export function useBlockMutation() {
  return useMutation({
    mutationFn: (blockedUserUuid: string) => api.call(f.block, { body: { blockedUserUuid } }),
  });
}
