import { useMutation, useQuery } from '@tanstack/react-query';
import {
  authEndpoints,
  emailEndpoints,
  moderationEndpoints,
  passwordEndpoints,
  profileEndpoints,
  providerTokenEndpoints as tokens,
  type AddEmailReq,
  type MusicConnectionProvider,
  type UserMusicProvider,
} from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { ownProfileKey } from '../../entities/user/queries';
import { signOut } from '../../entities/session/session';

/** The account page's data: e-mail addresses, music connections, preferred providers. */
export const accountKeys = {
  emails: ['account', 'emails'] as const,
  connections: ['account', 'music-connections'] as const,
  providers: ['account', 'music-providers'] as const,
};

const useSignedIn = () => useSession((s) => s.accessToken !== null);

export function useEmailsQuery() {
  return useQuery({
    queryKey: accountKeys.emails,
    queryFn: () => api.call(emailEndpoints.list, {}),
    enabled: useSignedIn(),
  });
}

const refreshEmails = () => queryClient.invalidateQueries({ queryKey: accountKeys.emails });

export function useAddEmailMutation() {
  return useMutation({
    mutationFn: (body: AddEmailReq) => api.call(emailEndpoints.add, { body }),
    onSuccess: refreshEmails,
  });
}

export function useRemoveEmailMutation() {
  return useMutation({
    mutationFn: (id: number) => api.call(emailEndpoints.remove, { params: { id: String(id) } }),
    onSuccess: refreshEmails,
  });
}

export function useVerifyEmailMutation() {
  return useMutation({
    mutationFn: (body: { email: string; code: string }) =>
      api.call(emailEndpoints.verify, { body }),
    onSuccess: () => {
      void refreshEmails();
      void queryClient.invalidateQueries({ queryKey: ownProfileKey });
    },
  });
}

export function useResendCodeMutation() {
  return useMutation({
    mutationFn: (email: string) => api.call(emailEndpoints.resendVerification, { body: { email } }),
  });
}

/** Changing the password ends the other sessions and answers a fresh token for this one. */
export function useChangePasswordMutation() {
  const signIn = useSession((s) => s.signIn);
  return useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) =>
      api.call(passwordEndpoints.change, { body }),
    onSuccess: (res) => signIn(res.accessToken),
  });
}

export function useSetPasswordMutation() {
  return useMutation({
    mutationFn: (newPassword: string) => api.call(passwordEndpoints.set, { body: { newPassword } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownProfileKey }),
  });
}

/** SEC-SESSION-1: every session of the account ends, this one too (then browsing as a guest). */
export function useSignOutEverywhereMutation() {
  return useMutation({
    mutationFn: () => api.call(authEndpoints.signOutEverywhere, {}),
    onSuccess: () => signOut(),
  });
}

export function useRequestDeactivationMutation() {
  return useMutation({
    mutationFn: (reason: string) =>
      api.call(moderationEndpoints.requestDeactivate, {
        body: reason.trim() ? { reason: reason.trim() } : {},
      }),
  });
}

export function useConnectionsQuery() {
  return useQuery({
    queryKey: accountKeys.connections,
    queryFn: () => api.call(tokens.connections, {}),
    enabled: useSignedIn(),
    staleTime: 60_000,
  });
}

export function useDisconnectMutation() {
  return useMutation({
    mutationFn: (provider: MusicConnectionProvider) =>
      api.call(tokens.disconnect, { params: { provider } }),
    onSuccess: (data) => queryClient.setQueryData(accountKeys.connections, data),
  });
}

export function useMusicProvidersQuery() {
  return useQuery({
    queryKey: accountKeys.providers,
    queryFn: () => api.call(profileEndpoints.getMusicProviders, {}),
    enabled: useSignedIn(),
  });
}

/** Reordering is optimistic: the list moves at once and moves back if the save fails. */
export function useMusicProvidersMutation() {
  return useMutation({
    mutationFn: (musicProviders: UserMusicProvider[]) =>
      api.call(profileEndpoints.putMusicProviders, { body: { musicProviders } }),
    onMutate: async (musicProviders) => {
      await queryClient.cancelQueries({ queryKey: accountKeys.providers });
      const before = queryClient.getQueryData(accountKeys.providers);
      queryClient.setQueryData(accountKeys.providers, { musicProviders });
      return { before };
    },
    onError: (_e, _v, ctx) => queryClient.setQueryData(accountKeys.providers, ctx?.before),
    onSuccess: (data) => queryClient.setQueryData(accountKeys.providers, data),
  });
}
