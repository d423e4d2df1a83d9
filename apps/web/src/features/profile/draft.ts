import type { OwnProfileDto } from '@tt/protocol';
import type { Social } from './socials';

/** The editable fields of the profile form. */
export interface ProfileDraft extends Record<Social, string> {
  nickname: string;
  firstName: string;
  lastName: string;
  color: string;
  pronoun: string;
  displayPronouns: boolean;
  zodiac: string;
  songOfTheWeek: string;
}

export type SetDraft = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => void;

export function draftFrom(p: OwnProfileDto): ProfileDraft {
  return {
    nickname: p.nickname,
    firstName: p.firstName,
    lastName: p.lastName,
    color: /^#[0-9a-fA-F]{6}$/.test(p.color) ? p.color : '#562DF9',
    pronoun: p.pronoun,
    displayPronouns: p.displayPronouns,
    zodiac: p.zodiac.toLowerCase(),
    songOfTheWeek: p.songOfTheWeek,
    instagram: p.instagram,
    tiktok: p.tiktok,
    twitter: p.twitter,
    facebook: p.facebook,
    snapchat: p.snapchat,
  };
}
