import { useMutation, useQuery } from '@tanstack/react-query';
import { CONTACT_BOOK_MAX, socialEndpoints as so } from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useIsSignedIn } from '../../lib/session';

export const contactKeys = {
  matches: ['contacts', 'matches'] as const,
  book: ['contacts', 'book'] as const,
};

const EMAIL = /[^\s@<>()[\],;:"']+@[^\s@<>()[\],;:"']+\.[a-z]{2,}/gi;
const PHONE = /(?:\+|\b)\d[\d\s().-]{6,}\d/g;

/**
 * The e-mails and phone numbers in pasted text or an exported address book (vCard, CSV, plain
 * text). Only these leave the browser; names and everything else stay here.
 */
export function extractAddresses(text: string): { emails: string[]; phoneNumbers: string[] } {
  const emails = new Set((text.match(EMAIL) ?? []).map((e) => e.toLowerCase()));
  const withoutEmails = text.replace(EMAIL, ' ');
  const phones = new Set(
    (withoutEmails.match(PHONE) ?? [])
      .map((p) => p.trim())
      .filter((p) => p.replace(/\D/g, '').length >= 7 && p.replace(/\D/g, '').length <= 15),
  );
  return {
    emails: [...emails].slice(0, CONTACT_BOOK_MAX),
    phoneNumbers: [...phones].slice(0, CONTACT_BOOK_MAX),
  };
}

/** The country of the browser's language ("es-MX" → MX), for numbers written without +code. */
export function browserCountry(): string | undefined {
  const region = navigator.language?.split('-')[1];
  return region && /^[A-Z]{2}$/.test(region) ? region : undefined;
}

export function useContactMatchesQuery() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: contactKeys.matches,
    queryFn: async () => (await api.call(so.matching, {})).matches,
    enabled: signedIn,
  });
}

export function useContactBookCountQuery() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: contactKeys.book,
    queryFn: async () => (await api.call(so.contacts, { query: { take: 1 } })).total,
    enabled: signedIn,
  });
}

/** Sends the addresses (SOCIAL-CONTACT-1..3): kept as hashes when `save`, else only looked up. */
export function useFindContactsMutation() {
  return useMutation({
    mutationFn: async (input: {
      emails: string[];
      phoneNumbers: string[];
      save: boolean;
      defaultCountry?: string;
    }) => {
      const contacts = [
        ...input.emails.map((e) => ({ emails: [e], phoneNumbers: [] })),
        ...input.phoneNumbers.map((p) => ({ emails: [], phoneNumbers: [p] })),
      ].slice(0, CONTACT_BOOK_MAX);
      const body = { contacts, defaultCountry: input.defaultCountry };
      if (input.save) {
        const res = await api.call(so.uploadContacts, { body });
        return { ...res, matches: await api.call(so.matching, {}).then((r) => r.matches) };
      }
      const { matches } = await api.call(so.matchFriends, { body });
      return { stored: 0, invalid: 0, matched: matches.length, matches };
    },
    onSuccess: (res, input) => {
      if (input.save) {
        queryClient.setQueryData(contactKeys.matches, res.matches);
        void queryClient.invalidateQueries({ queryKey: contactKeys.book });
      }
    },
  });
}

export function useForgetContactsMutation() {
  return useMutation({
    mutationFn: () => api.call(so.deleteContacts, {}),
    onSuccess: () => {
      queryClient.setQueryData(contactKeys.matches, []);
      queryClient.setQueryData(contactKeys.book, 0);
    },
  });
}
