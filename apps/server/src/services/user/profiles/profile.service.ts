import {
  USER_DATA_MAX_BYTES,
  type Capability,
  type OwnProfileDto,
  type ServiceProfilesRes,
  type UpdateProfileReq,
  type UserMusicProvider,
  type UserProfileDto,
  type UserSocialsReq,
} from '@tt/protocol';
import type { AuthContext } from '../../../platform/auth';
import { fail } from '../../../platform/errors';
import { ProfileRepository } from './profile.repository';
import type { NewUser, UserRow } from '../repository';
import { toOwnProfile, toPublicProfile, type AccountService } from '../service';

export type SocialNetwork = keyof Required<UserSocialsReq>;

const NETWORKS: Record<SocialNetwork, { label: string; hosts: string[] }> = {
  facebook: { label: 'Facebook', hosts: ['facebook.com', 'fb.com'] },
  instagram: { label: 'Instagram', hosts: ['instagram.com'] },
  twitter: { label: 'Twitter/X', hosts: ['twitter.com', 'x.com'] },
  snapchat: { label: 'Snapchat', hosts: ['snapchat.com'] },
  tiktok: { label: 'TikTok', hosts: ['tiktok.com'] },
};
const SOCIAL_NETWORKS = Object.keys(NETWORKS) as SocialNetwork[];
const HANDLE = /^[A-Za-z0-9._-]{1,60}$/;
/** Largest `song` (song of the week) object, serialized. */
const SONG_MAX_BYTES = 4 * 1024;

/**
 * A handle or a profile URL of `network` → the bare handle ('' clears).
 * Accepts `name`, `@name`, `instagram.com/name`, `https://www.tiktok.com/@name`,
 * `snapchat.com/add/name`, `facebook.com/profile.php?id=123`.
 */
export function normalizeSocialHandle(network: SocialNetwork, input: string): string {
  const value = input.trim();
  if (value === '') return '';
  const { label, hosts } = NETWORKS[network];
  const bad = () =>
    fail('INVALID_SOCIAL_HANDLE', `${network}: not a valid ${label} handle or profile URL`);
  let handle = value;
  const lower = value.toLowerCase();
  const looksLikeUrl =
    /^https?:\/\//i.test(value) ||
    value.includes('/') ||
    hosts.some((h) => lower === h || lower.endsWith(`.${h}`));
  if (looksLikeUrl) {
    let url: URL;
    try {
      url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
    } catch {
      throw bad();
    }
    const host = url.hostname.toLowerCase();
    if (!hosts.some((h) => host === h || host.endsWith(`.${h}`))) throw bad();
    const segments = url.pathname.split('/').filter(Boolean);
    if (network === 'facebook' && segments[0] === 'profile.php') {
      handle = url.searchParams.get('id') ?? '';
    } else if (network === 'snapchat' && segments[0] === 'add') {
      handle = segments[1] ?? '';
    } else {
      handle = segments[0] ?? '';
    }
  }
  handle = handle.replace(/^@/, '');
  if (!HANDLE.test(handle)) throw bad();
  return handle;
}

/** Deactivated accounts are hidden from public profile reads. */
const isVisible = (u: UserRow | undefined): u is UserRow => !!u && u.status !== 'DEACTIVATED';

/**
 * Profiles: the caller's own profile and its edits (fields, socials, client settings,
 * preferred music providers), public profiles, and the service-to-service profile reads.
 */
/** Social handles of a patch, normalised; networks left out stay as they are. */
function socialChanges(patch: Partial<Record<SocialNetwork, string>>): Partial<NewUser> {
  const changes: Partial<NewUser> = {};
  for (const network of SOCIAL_NETWORKS) {
    const value = patch[network];
    if (value !== undefined) changes[network] = normalizeSocialHandle(network, value);
  }
  return changes;
}

/**
 * The column changes a profile patch makes, with the rules beyond the schema (whole-number
 * price, song size, social handles). Used by the owner's edit and by moderators' profile-admin.
 */
export function profileChanges(patch: UpdateProfileReq): Partial<NewUser> {
  if (patch.priceForGig !== undefined && !Number.isInteger(patch.priceForGig)) {
    throw fail('BAD_REQUEST', 'priceForGig: must be a whole number');
  }
  if (patch.song !== undefined && patch.song !== null) {
    if (Buffer.byteLength(JSON.stringify(patch.song)) > SONG_MAX_BYTES) {
      throw fail('BAD_REQUEST', 'song: must be at most 4 KB of JSON');
    }
  }
  return { ...patch, ...socialChanges(patch) };
}

export class ProfileService {
  readonly repo: ProfileRepository;

  constructor(readonly accounts: AccountService) {
    this.repo = new ProfileRepository(accounts.platform.db);
  }

  async own(auth: AuthContext | null): Promise<OwnProfileDto> {
    return this.accounts.ownProfile(await this.accounts.me(auth));
  }

  /** Partial update of the caller's profile; publishes 'user.profileUpdated' when something changed. */
  async update(auth: AuthContext | null, patch: UpdateProfileReq): Promise<OwnProfileDto> {
    const user = await this.accounts.me(auth);
    if (patch.avatarId !== undefined && patch.avatarId !== user.avatarId) {
      // AVATAR-WEAR-1: only an avatar they may wear (the points service keeps the catalogue).
      const avatars = this.accounts.platform.ports.avatars;
      if (avatars && !(await avatars.mayWear(user.uuid, patch.avatarId, auth!.roles))) {
        throw fail('AVATAR_LOCKED');
      }
    }
    return this.applyChanges(user, profileChanges(patch));
  }

  /**
   * AVATAR-WEAR-3: everyone (of `uuids`, when given) wearing one of `from` goes back to `to`;
   * answers how many changed.
   */
  async replaceAvatar(from: string[], to: string, uuids?: string[]): Promise<number> {
    const rows = await this.accounts.repo.wearing(from, uuids);
    for (const row of rows) {
      await this.applyChanges(row, { avatarId: to });
    }
    return rows.length;
  }

  /** POST /users/user-socials: handles or profile URLs of each network; '' clears one. */
  async setSocials(auth: AuthContext | null, body: UserSocialsReq): Promise<OwnProfileDto> {
    const user = await this.accounts.me(auth);
    return this.applyChanges(user, socialChanges(body));
  }

  private async applyChanges(user: UserRow, changes: Partial<NewUser>): Promise<OwnProfileDto> {
    if (Object.keys(changes).length === 0) return this.accounts.ownProfile(user);
    const updated = await this.accounts.repo.update(user.id, changes);
    await this.publish(updated);
    return this.accounts.ownProfile(updated);
  }

  /** Tells other services (rooms, chat, realtime) that a public profile changed. */
  publish(u: UserRow): Promise<void> {
    return this.accounts.emit('user.profileUpdated', { uuid: u.uuid, profile: toPublicProfile(u) });
  }

  /** Public profile by uuid or numeric id; deactivated accounts are not found. */
  async publicProfile(idOrUuid: string): Promise<UserProfileDto> {
    const u = await this.accounts.repo.byUuidOrId(idOrUuid);
    if (!isVisible(u)) throw fail('USER_PROFILE_NOT_FOUND');
    return toPublicProfile(u);
  }

  /** Profile with private fields for other services; deactivated accounts included (see status). */
  async serviceProfile(idOrUuid: string): Promise<OwnProfileDto> {
    return this.accounts.ownProfile(await this.accounts.find(idOrUuid));
  }

  /** Public profiles in the order asked, duplicates once; unknown and deactivated left out. */
  async profiles(uuids: string[]): Promise<UserProfileDto[]> {
    const wanted = [...new Set(uuids.map((u) => u.toLowerCase()))];
    const rows = await this.accounts.repo.byUuids(wanted);
    const byUuid = new Map(rows.map((r) => [r.uuid.toLowerCase(), r]));
    return wanted
      .map((uuid) => byUuid.get(uuid))
      .filter(isVisible)
      .map(toPublicProfile);
  }

  async capabilities(auth: AuthContext | null): Promise<{ capabilities: Capability[] }> {
    return { capabilities: (await this.accounts.me(auth)).capabilities };
  }

  async userData(auth: AuthContext | null): Promise<Record<string, unknown>> {
    return (await this.accounts.me(auth)).userData;
  }

  async replaceUserData(
    auth: AuthContext | null,
    data: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const user = await this.accounts.me(auth);
    if (Buffer.byteLength(JSON.stringify(data)) > USER_DATA_MAX_BYTES) {
      throw fail('USER_DATA_TOO_LARGE');
    }
    return (await this.repo.setUserData(user.id, data)).userData;
  }

  async musicProviders(auth: AuthContext | null): Promise<{ musicProviders: UserMusicProvider[] }> {
    return { musicProviders: (await this.accounts.me(auth)).musicProviders };
  }

  async setMusicProviders(
    auth: AuthContext | null,
    musicProviders: UserMusicProvider[],
  ): Promise<{ musicProviders: UserMusicProvider[] }> {
    const user = await this.accounts.me(auth);
    const updated = await this.accounts.repo.update(user.id, { musicProviders });
    return { musicProviders: updated.musicProviders };
  }

  /** Service listing: every account oldest first, or the most recently updated first. */
  async list(opts: {
    take: number;
    skip: number;
    order: 'id' | 'updated';
    since?: string;
  }): Promise<ServiceProfilesRes> {
    const { rows, total } = await this.repo.page({
      ...opts,
      since: opts.since ? new Date(opts.since) : undefined,
    });
    const emails = await this.accounts.repo.primaryEmails(rows.map((r) => r.id));
    return { profiles: rows.map((r) => toOwnProfile(r, emails.get(r.id))), total };
  }
}
