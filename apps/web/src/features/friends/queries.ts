import { useMutation, useQuery } from '@tanstack/react-query';
import {
  friendEndpoints as f,
  profileEndpoints,
  type FriendInvitationDto,
  type UserProfileDto,
} from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useMe } from '../../entities/room/hooks';
import { fanKeys } from './fan-queries';

export const friendKeys = {
  all: ['friends'] as const,
  incoming: ['friends', 'invitations', 'for'] as const,
  outgoing: ['friends', 'invitations', 'from'] as const,
  blocked: ['friends', 'blocked'] as const,
  list: (uuid: string) => ['friends', 'list', uuid] as const,
  uuids: (uuid: string) => ['friends', 'uuids', uuid] as const,
};

/** Where the signed-in user stands with another person. */
export type Relation =
  | { kind: 'self' | 'signedOut' | 'loading' | 'none' | 'friends' }
  | { kind: 'sent' | 'received'; invitation: FriendInvitationDto }
  | { kind: 'blocked' };

function useSignedInUuid(): string | null {
  const me = useMe();
  return !me.isGuest && me.uuid ? me.uuid : null;
}

export function useIncomingInvitationsQuery() {
  const me = useSignedInUuid();
  return useQuery({
    queryKey: friendKeys.incoming,
    queryFn: async () => (await api.call(f.invitationsFor, {})).invitations,
    enabled: me !== null,
  });
}

export function useOutgoingInvitationsQuery() {
  const me = useSignedInUuid();
  return useQuery({
    queryKey: friendKeys.outgoing,
    queryFn: async () => (await api.call(f.invitationsFrom, {})).invitations,
    enabled: me !== null,
  });
}

export function useBlockedQuery() {
  const me = useSignedInUuid();
  return useQuery({
    queryKey: friendKeys.blocked,
    queryFn: async () => (await api.call(f.blocked, {})).blockedUsers,
    enabled: me !== null,
  });
}

/** The uuids of a user's friends (GET /friends/list/{id}). */
export function useFriendUuidsQuery(uuid: string | null) {
  const me = useSignedInUuid();
  return useQuery({
    queryKey: friendKeys.uuids(uuid ?? ''),
    queryFn: async () => (await api.call(f.friendUuids, { params: { id: uuid! } })).friendsUuids,
    enabled: me !== null && uuid !== null,
  });
}

/** A user's friends, newest first, in pages that grow (12 at first, at most 150 at a time). */
export function useFriendsQuery(uuid: string, take: number) {
  return useQuery({
    queryKey: [...friendKeys.list(uuid), take],
    queryFn: () => api.call(f.friends, { params: { id: uuid }, query: { skip: 0, take } }),
    placeholderData: (previous) => previous,
  });
}

/** The signed-in user's relation with `other`, from their own lists. */
export function useRelation(other: string): Relation {
  const me = useMe();
  const signedIn = !me.isGuest && Boolean(me.uuid);
  const friends = useFriendUuidsQuery(signedIn ? me.uuid : null);
  const incoming = useIncomingInvitationsQuery();
  const outgoing = useOutgoingInvitationsQuery();
  const blocked = useBlockedQuery();
  if (!signedIn) return { kind: 'signedOut' };
  if (me.uuid === other) return { kind: 'self' };
  if (!friends.data || !incoming.data || !outgoing.data || !blocked.data) {
    return { kind: 'loading' };
  }
  if (blocked.data.some((b) => b.blockedUserUuid === other)) return { kind: 'blocked' };
  if (friends.data.includes(other)) return { kind: 'friends' };
  const received = incoming.data.find((i) => i.senderUuid === other);
  if (received) return { kind: 'received', invitation: received };
  const sent = outgoing.data.find((i) => i.receiverUuid === other);
  if (sent) return { kind: 'sent', invitation: sent };
  return { kind: 'none' };
}

/** Every change of the social graph refreshes the caller's lists (a block also ends following). */
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: friendKeys.all }),
    queryClient.invalidateQueries({ queryKey: fanKeys.all }),
  ]);

export function useInviteMutation() {
  return useMutation({
    mutationFn: (receiverUuid: string) => api.call(f.invite, { body: { receiverUuid } }),
    onSettled: refresh,
  });
}

export function useAnswerInvitationMutation() {
  return useMutation({
    mutationFn: (v: { invitationId: string; invitationStatus: 'accepted' | 'rejected' }) =>
      api.call(f.handle, { body: v }),
    // An answered invitation leaves the incoming list at once, before the lists refetch, so
    // the person is never shown both as a friend and as still inviting (SOC-INV-8).
    onSuccess: (_r, v) =>
      queryClient.setQueryData<FriendInvitationDto[]>(friendKeys.incoming, (list) =>
        list?.filter((i) => i.id !== v.invitationId),
      ),
    onSettled: refresh,
  });
}

export function useCancelInvitationMutation() {
  return useMutation({
    mutationFn: (id: string) => api.call(f.cancel, { params: { id } }),
    onSettled: refresh,
  });
}

export function useUnfriendMutation() {
  return useMutation({
    mutationFn: (id: string) => api.call(f.unfriend, { params: { id } }),
    onSettled: refresh,
  });
}

export function useBlockMutation() {
  return useMutation({
    mutationFn: (blockedUserUuid: string) => api.call(f.block, { body: { blockedUserUuid } }),
    onSettled: refresh,
  });
}

export function useUnblockMutation() {
  return useMutation({
    mutationFn: (id: string) => api.call(f.unblock, { params: { id } }),
    onSettled: refresh,
  });
}

/** Public profiles of these people (at most 100 per call), by uuid. */
export function useProfiles(uuids: string[]) {
  return useQuery({
    queryKey: ['profiles', ...uuids],
    queryFn: async () => {
      const out = new Map<string, UserProfileDto>();
      for (let i = 0; i < uuids.length; i += 100) {
        const page = await api.call(profileEndpoints.profiles, {
          query: { users: uuids.slice(i, i + 100) },
        });
        for (const p of page) out.set(p.uuid, p);
      }
      return out;
    },
    enabled: uuids.length > 0,
  });
}
