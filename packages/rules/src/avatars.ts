import type { AvatarArt, AvatarLock, AvatarVisibility } from '@tt/protocol';

/** A character of the built-in catalogue (seeded into the points service at start). */
export interface BuiltinAvatar {
  slug: string;
  name: string;
  description: string;
  visibility: AvatarVisibility;
  discordOnly?: boolean;
  awardTopRank?: number;
  art: AvatarArt;
}

/** What everyone wears until they choose (and what a lost avatar falls back to, AVATAR-WEAR-3). */
export const DEFAULT_AVATAR = 'default';

const a = (
  slug: string,
  name: string,
  visibility: AvatarVisibility,
  description: string,
  art: [
    AvatarArt['body'],
    AvatarArt['head'],
    AvatarArt['hair'],
    AvatarArt['outfit'],
    AvatarArt['accessory'],
  ],
  colours: [skin: string, hair: string, outfit: string, accent: string],
  extra: Partial<BuiltinAvatar> = {},
): BuiltinAvatar => ({
  slug,
  name,
  visibility,
  description,
  art: {
    body: art[0],
    head: art[1],
    hair: art[2],
    outfit: art[3],
    accessory: art[4],
    skin: colours[0],
    hairColor: colours[1],
    outfitColor: colours[2],
    accent: colours[3],
  },
  ...extra,
});

/** The 26 built-in characters: 16 for everyone, 4 for Pro, 4 season awards, 1 staff, 1 Discord. */
export const BUILTIN_AVATARS: readonly BuiltinAvatar[] = [
  a(
    'default',
    'Needle Drop',
    'PUBLIC',
    'Headphones on, first song cued.',
    ['classic', 'round', 'short', 'tee', 'headphones'],
    ['#f1c27d', '#3b2a1f', '#562df9', '#ffd23f'],
  ),
  a(
    'disco-dot',
    'Disco Dot',
    'PUBLIC',
    'Lives under the mirror ball.',
    ['round', 'round', 'afro', 'sequins', 'none'],
    ['#8d5524', '#1b1b1b', '#ff5fa2', '#ffe66d'],
  ),
  a(
    'bass-bear',
    'Bass Bear',
    'PUBLIC',
    'Feels the low end in the paws.',
    ['bear', 'bear', 'none', 'hoodie', 'headphones'],
    ['#a0522d', '#5c3317', '#2ec4b6', '#ff9f1c'],
  ),
  a(
    'synth-fox',
    'Synth Fox',
    'PUBLIC',
    'Arpeggios at midnight.',
    ['classic', 'fox', 'none', 'jacket', 'shades'],
    ['#f28c28', '#ffffff', '#3a0ca3', '#4cc9f0'],
  ),
  a(
    'lofi-cat',
    'Lo-fi Cat',
    'PUBLIC',
    'Beats to study to, naps to dream to.',
    ['round', 'cat', 'none', 'hoodie', 'headphones'],
    ['#b8b8d1', '#5b5f97', '#ffc145', '#ff6b6c'],
  ),
  a(
    'robo-beat',
    'Robo Beat',
    'PUBLIC',
    'Keeps perfect time. Always.',
    ['robot', 'robot', 'none', 'overalls', 'none'],
    ['#a8dadc', '#457b9d', '#e63946', '#f1faee'],
  ),
  a(
    'mohawk-mo',
    'Mohawk Mo',
    'PUBLIC',
    'Three chords and the truth.',
    ['tall', 'oval', 'mohawk', 'jacket', 'chain'],
    ['#e0ac69', '#ff006e', '#222222', '#c0c0c0'],
  ),
  a(
    'bun-bop',
    'Bun Bop',
    'PUBLIC',
    'Bops in every tempo.',
    ['classic', 'round', 'bun', 'dress', 'flower'],
    ['#ffdbac', '#6f4e37', '#06d6a0', '#ef476f'],
  ),
  a(
    'spike-spin',
    'Spike Spin',
    'PUBLIC',
    'Spins vinyl, spikes hair.',
    ['tall', 'square', 'spikes', 'stripes', 'shades'],
    ['#c68642', '#ffbe0b', '#3a86ff', '#fb5607'],
  ),
  a(
    'curly-crate',
    'Curly Crate',
    'PUBLIC',
    'Digs every crate twice.',
    ['classic', 'oval', 'curls', 'tee', 'glasses'],
    ['#8d5524', '#2b1d0e', '#ff924c', '#1d3557'],
  ),
  a(
    'beanie-bounce',
    'Beanie Bounce',
    'PUBLIC',
    'Cold hands, warm drops.',
    ['round', 'round', 'beanie', 'hoodie', 'none'],
    ['#f1c27d', '#e76f51', '#264653', '#e9c46a'],
  ),
  a(
    'cap-cue',
    'Cap Cue',
    'PUBLIC',
    'Cues the next one before you ask.',
    ['classic', 'square', 'cap', 'tee', 'chain'],
    ['#5c3a21', '#d62828', '#fcbf49', '#eae2b7'],
  ),
  a(
    'long-loop',
    'Long Loop',
    'PUBLIC',
    'Never skips the extended mix.',
    ['tall', 'oval', 'long', 'dress', 'none'],
    ['#ffe0bd', '#7b2cbf', '#c77dff', '#ffd6ff'],
  ),
  a(
    'bob-bpm',
    'Bob BPM',
    'PUBLIC',
    'Counts the tempo out loud.',
    ['classic', 'round', 'bob', 'overalls', 'glasses'],
    ['#e0ac69', '#111111', '#43aa8b', '#f9c74f'],
  ),
  a(
    'alien-anthem',
    'Alien Anthem',
    'PUBLIC',
    'Came for the music, stayed for the vibe.',
    ['tall', 'alien', 'none', 'suit', 'none'],
    ['#80ed99', '#38a3a5', '#22577a', '#c7f9cc'],
  ),
  a(
    'suit-sway',
    'Suit Sway',
    'PUBLIC',
    'Dresses up for every set.',
    ['tall', 'square', 'short', 'suit', 'glasses'],
    ['#c68642', '#000000', '#343a40', '#ffd60a'],
  ),
  a(
    'pro-platinum',
    'Platinum Groove',
    'SUBSCRIBER_ONLY',
    'For Pro members: shines on every stage.',
    ['classic', 'oval', 'afro', 'sequins', 'crown'],
    ['#8d5524', '#e5e5e5', '#b8c0ff', '#ffd700'],
  ),
  a(
    'pro-neon',
    'Neon Whiskers',
    'SUBSCRIBER_ONLY',
    'For Pro members: glows in the dark.',
    ['tall', 'cat', 'none', 'jacket', 'star'],
    ['#f72585', '#7209b7', '#4361ee', '#4cc9f0'],
  ),
  a(
    'pro-velvet',
    'Velvet Voice',
    'SUBSCRIBER_ONLY',
    'For Pro members: smooth as a slow jam.',
    ['classic', 'round', 'long', 'suit', 'chain'],
    ['#ffdbac', '#9d0208', '#370617', '#ffba08'],
  ),
  a(
    'pro-chrome',
    'Chrome Halo',
    'SUBSCRIBER_ONLY',
    'For Pro members: a robot with a glow.',
    ['robot', 'robot', 'none', 'suit', 'halo'],
    ['#ced4da', '#6c757d', '#212529', '#ffe066'],
  ),
  a(
    'season-legend',
    'Season Legend',
    'SEASON_AWARD',
    'The champion of a season.',
    ['round', 'alien', 'mohawk', 'sequins', 'halo'],
    ['#b5e48c', '#f15bb5', '#9b5de5', '#fee440'],
    { awardTopRank: 1 },
  ),
  a(
    'season-gold',
    'Gold Record',
    'SEASON_AWARD',
    'A top-3 finish in a season.',
    ['classic', 'round', 'spikes', 'sequins', 'crown'],
    ['#f1c27d', '#ffb703', '#fb8500', '#ffd700'],
    { awardTopRank: 3 },
  ),
  a(
    'season-silver',
    'Silver Fox',
    'SEASON_AWARD',
    'A top-10 finish in a season.',
    ['tall', 'fox', 'none', 'jacket', 'star'],
    ['#adb5bd', '#f8f9fa', '#495057', '#e9ecef'],
    { awardTopRank: 10 },
  ),
  a(
    'season-bronze',
    'Bronze Beast',
    'SEASON_AWARD',
    'A top-25 finish in a season.',
    ['bear', 'bear', 'none', 'stripes', 'horns'],
    ['#cd7f32', '#8b4513', '#6a4c93', '#ffca3a'],
    { awardTopRank: 25 },
  ),
  a(
    'staff-crew',
    'Stage Crew',
    'PRIVATE',
    'Given to the people who run the place.',
    ['classic', 'square', 'cap', 'hoodie', 'headphones'],
    ['#e0ac69', '#000000', '#111827', '#22d3ee'],
  ),
  a(
    'discord-buddy',
    'Activity Buddy',
    'PUBLIC',
    'What chat-activity listeners wear.',
    ['round', 'round', 'short', 'tee', 'none'],
    ['#f1c27d', '#5865f2', '#5865f2', '#ffffff'],
    { discordOnly: true },
  ),
];

/** What someone holds, as the lock rule needs it. */
export interface AvatarHolder {
  /** They were given it (MANUAL, SEASON_AWARD, PURCHASED). */
  assigned: boolean;
  /** Their subscription gives Pro perks now (SUB-LEVEL-2). */
  pro: boolean;
  /** Admins may wear anything (they test avatars before they are given out). */
  admin: boolean;
  /** AVATAR-DISCORD-1: their account is linked to Discord. */
  discord?: boolean;
}

/**
 * AVATAR-WEAR-1: null when they may wear it; otherwise what would unlock it. Public ones are for
 * everyone (AVATAR-DISCORD-1: Discord-only ones for accounts linked to Discord); an assignment unlocks any avatar;
 * subscriber-only ones unlock while subscribed; season awards and private ones only by assignment.
 */
export function avatarLock(
  avatar: { visibility: AvatarVisibility; discordOnly: boolean },
  holder: AvatarHolder,
): AvatarLock | null {
  if (holder.admin || holder.assigned) return null;
  switch (avatar.visibility) {
    case 'PUBLIC':
      return avatar.discordOnly && !holder.discord ? 'DISCORD' : null;
    case 'SUBSCRIBER_ONLY':
      return holder.pro ? null : 'SUBSCRIBE';
    case 'SEASON_AWARD':
      return 'SEASON_RANK';
    default:
      return 'ASSIGNED_ONLY';
  }
}
