import type { MinimalSongDto, SongProvider } from '@tt/protocol';

/** Brand of the client build (the shared client config). */
export type Brand = 'hangout' | 'turntable';

export interface ChoiceContext {
  loggedIn: boolean;
  brand: Brand;
  /** The user's connected music providers, any order. */
  connectedProviders?: readonly string[];
}

/** Providers a logged-in turntable user may connect, in preference order. */
export const PREFERENCE_ORDER = [
  'apple',
  'spotify',
  'youtube',
] as const satisfies readonly SongProvider[];
/** Providers of the hangout brand, in preference order (issue 4: sevenDigital / uploads). */
export const HANGOUT_PROVIDERS = [
  'sevenDigital',
  'uploadService',
] as const satisfies readonly SongProvider[];
/**
 * When nothing above applies, every brand can still play the platform's own uploads (HLS) and,
 * where the platform has SoundCloud, a song only SoundCloud has (its widget needs no account).
 */
export const FALLBACK_PROVIDERS = [
  'uploadService',
  'soundCloudPublic',
] as const satisfies readonly SongProvider[];

/**
 * The user's provider list, built this way: "Providers are added in preference order
 * apple, spotify, youtube (youtube kept last and listed first)".
 *
 * Reading: youtube is the one provider everybody has, so the list is *started* with youtube
 * ("listed first") and every connected provider is then added in the order apple, spotify,
 * inserted ahead of youtube, which therefore always stays at the end ("kept last"). A connected
 * youtube is not added twice. Result for preference: connected ∩ [apple, spotify], then youtube.
 */
export function preferredProviders(connected: readonly string[] = []): SongProvider[] {
  const list: SongProvider[] = ['youtube'];
  for (const provider of PREFERENCE_ORDER) {
    if (provider === 'youtube' || !connected.includes(provider)) continue;
    list.splice(list.length - 1, 0, provider);
  }
  return list;
}

/**
 * The providers that may play songs for this user, best first, before looking at the song:
 * hangout brand → sevenDigital, uploadService; logged-in turntable users → their connected
 * providers among apple, spotify (in that order) then youtube; everybody else → youtube.
 * uploadService, then soundCloudPublic, are appended as the last resort for every brand.
 */
export function providerOrder(ctx: ChoiceContext): SongProvider[] {
  const base: SongProvider[] =
    ctx.brand === 'hangout'
      ? [...HANGOUT_PROVIDERS]
      : ctx.loggedIn
        ? preferredProviders(ctx.connectedProviders)
        : ['youtube'];
  for (const fallback of FALLBACK_PROVIDERS) if (!base.includes(fallback)) base.push(fallback);
  return base;
}

/** The song can be played by `provider` when its musicProviders map has a non-empty id for it. */
export function songHasProvider(song: MinimalSongDto, provider: SongProvider): boolean {
  const id = song.musicProviders[provider];
  return typeof id === 'string' && id.length > 0;
}

/** {@link providerOrder} restricted to the providers the song's musicProviders map names. */
export function candidateProviders(ctx: ChoiceContext, song: MinimalSongDto): SongProvider[] {
  return providerOrder(ctx).filter((provider) => songHasProvider(song, provider));
}

/** The provider the rules pick for this song, or null when none of the allowed ones can play it. */
export function chooseProvider(ctx: ChoiceContext, song: MinimalSongDto): SongProvider | null {
  return candidateProviders(ctx, song)[0] ?? null;
}
