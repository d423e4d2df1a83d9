import { useQuery } from '@tanstack/react-query';
import { profileEndpoints, type OwnProfileDto } from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';

export const ownProfileKey = ['profile', 'own'] as const;
export const publicProfileKey = (id: string) => ['profile', 'public', id] as const;

/** The signed-in user's own profile (GET /users/profile); idle for guests. */
export function useOwnProfile() {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery({
    queryKey: ownProfileKey,
    queryFn: () => api.call(profileEndpoints.ownProfile, {}),
    enabled: signedIn,
  });
}

/** Anyone's public profile (GET /profile/{id}), by uuid or numeric id. */
export function usePublicProfile(id: string) {
  const ready = useSession((s) => s.ready);
  return useQuery({
    queryKey: publicProfileKey(id),
    queryFn: () => api.call(profileEndpoints.publicProfile, { params: { id } }),
    enabled: ready && id.length > 0,
  });
}

/** After an update: the answer becomes the cached own profile and the public one is refetched. */
export function storeOwnProfile(profile: OwnProfileDto): void {
  queryClient.setQueryData(ownProfileKey, profile);
  void queryClient.invalidateQueries({ queryKey: publicProfileKey(profile.uuid) });
  void queryClient.invalidateQueries({ queryKey: publicProfileKey(String(profile.id)) });
}

/**
 * May this account create rooms and crates? The server's rule (SEC-UNVERIFIED-1,
 * AccountService.isVerified): a verified or admin-created e-mail address, a phone-login account,
 * or a bot.
 */
export function isVerifiedAccount(p: OwnProfileDto): boolean {
  return p.emailVerified || p.phoneNumber !== null || p.isBot;
}

/**
 * For a signed-in account that must verify its e-mail before creating rooms and crates: the
 * verify page to send it to. Null otherwise (verified, signed out, or the profile still loading).
 */
export function useVerifyToCreate(): string | null {
  const { data: me } = useOwnProfile();
  if (!me || isVerifiedAccount(me)) return null;
  return me.email ? `/verify-email?email=${encodeURIComponent(me.email)}` : '/verify-email';
}
