import { useMutation, useQuery } from '@tanstack/react-query';
import {
  discordEndpoints as d,
  profileEndpoints,
  roomListEndpoints,
  roomSettingsEndpoints,
} from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';

export const discordKeys = {
  config: ['discord', 'config'] as const,
  link: ['discord', 'link'] as const,
  userData: ['profile', 'user-data'] as const,
  guildRooms: (guildId: string) => ['rooms', 'discord', guildId] as const,
};

/** Whether Discord sign-in is on, its client id and consent page, the activity's proxy bases. */
export function useDiscordConfigQuery() {
  return useQuery({
    queryKey: discordKeys.config,
    queryFn: () => api.call(d.config, {}),
    staleTime: Infinity,
  });
}

export function useDiscordLinkQuery() {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery({
    queryKey: discordKeys.link,
    queryFn: () => api.call(d.link, {}),
    enabled: signedIn,
  });
}

export function useUnlinkDiscordMutation() {
  return useMutation({
    mutationFn: () => api.call(d.unlink, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['discord'] }),
  });
}

/** The person's client settings (a free JSON object); `allowExplicit` is ours. */
export function useUserDataQuery() {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery({
    queryKey: discordKeys.userData,
    queryFn: () => api.call(profileEndpoints.getUserData, {}),
    enabled: signedIn,
    staleTime: 60_000,
  });
}

/** ACTIVITY-1: explicit songs in the activity's search, on or off (kept with the other settings). */
export function useAllowExplicitMutation() {
  return useMutation({
    mutationFn: async (allow: boolean) => {
      const current = (await api.call(profileEndpoints.getUserData, {})) ?? {};
      return api.call(profileEndpoints.putUserData, { body: { ...current, allowExplicit: allow } });
    },
    onMutate: (allow) => {
      const before = queryClient.getQueryData<Record<string, unknown>>(discordKeys.userData);
      queryClient.setQueryData(discordKeys.userData, { ...before, allowExplicit: allow });
      return { before };
    },
    onError: (_e, _v, ctx) => queryClient.setQueryData(discordKeys.userData, ctx?.before),
    onSuccess: (data) => queryClient.setQueryData(discordKeys.userData, data),
  });
}

/** Does the person allow explicit songs in the activity? (off until they say so) */
export function useAllowExplicit(): boolean {
  const { data } = useUserDataQuery();
  return Boolean(data && (data as Record<string, unknown>).allowExplicit === true);
}

/** ACTIVITY-ROOMS-1: the rooms attached to the Discord server the activity runs in. */
export function useGuildRoomsQuery(guildId: string | null) {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery({
    queryKey: discordKeys.guildRooms(guildId ?? ''),
    queryFn: () => api.call(roomListEndpoints.discord, { params: { guildId: guildId ?? '' } }),
    enabled: signedIn && guildId !== null,
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
}

/** ACTIVITY-ROOMS-2: a room its manager attaches to the Discord server; the server's list refetches. */
export function useAttachRoomMutation(guildId: string) {
  return useMutation({
    mutationFn: (roomUuid: string) =>
      api.call(roomSettingsEndpoints.attachDiscord, { params: { guildId }, body: { roomUuid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discordKeys.guildRooms(guildId) }),
  });
}
