import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { DjFanPageDto, FanCountDto } from '../notification/dj-fans';
import { SkipTakeQuery, SocialUserParam } from '../notification/friends';
import { DirectNotificationReq, SendResultDto } from '../notification/sending';

const S = 'social' as const;

/** Country of numbers written without +country code (ISO 3166 alpha-2). */
const Country = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
  .optional();

/** One person of an address book: their e-mails and phone numbers (names are never sent). */
export const ContactReq = z
  .object({
    emails: z.array(z.string().trim().max(254)).max(10).default([]),
    phoneNumbers: z.array(z.string().trim().max(40)).max(10).default([]),
  })
  .refine((c) => c.emails.length + c.phoneNumbers.length > 0, 'give an e-mail or a phone number');

export const CONTACT_BOOK_MAX = 5000;
export const UploadContactsReq = z.object({
  contacts: z.array(ContactReq).min(1).max(CONTACT_BOOK_MAX),
  defaultCountry: Country,
});
export const SingleContactReq = z
  .object({
    email: z.string().trim().max(254).optional(),
    phoneNumber: z.string().max(40).optional(),
    defaultCountry: Country,
  })
  .refine((c) => Boolean(c.email) !== Boolean(c.phoneNumber), 'give an email or a phoneNumber');

/** A stored contact: only its kind and a salted hash of the normalised address are kept. */
export const ContactEntryDto = z.object({
  id: z.string(),
  kind: z.enum(['email', 'phone']),
  /** The first 12 hex digits of the salted hash (enough to tell entries apart). */
  hashPrefix: z.string(),
  /** The registered user with this address, found when it was uploaded. */
  matchedUserUuid: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactEntryDto = z.infer<typeof ContactEntryDto>;

export const UploadContactsDto = z.object({
  /** Addresses stored (new ones; ones already there are not counted). */
  stored: z.number().int(),
  /** Addresses that could not be read (not an e-mail, not a phone number). */
  invalid: z.number().int(),
  /** Registered users found among them. */
  matched: z.number().int(),
});

export const ContactMatchDto = z.object({
  userUuid: z.string(),
  isFriend: z.boolean(),
  /** The caller follows this person as a DJ. */
  isFollowed: z.boolean(),
});
export type ContactMatchDto = z.infer<typeof ContactMatchDto>;

export const WebPushSubscription = z.object({
  endpoint: z.string().url('must be a URL').max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[\w-]{80,100}=*$/, 'must be the browser’s P-256 key (base64url)'),
    auth: z.string().regex(/^[\w-]{16,32}=*$/, 'must be the browser’s auth secret (base64url)'),
  }),
});
export type WebPushSubscription = z.infer<typeof WebPushSubscription>;

/** The social service: address book and finding friends, web push, fans (SOCIAL-* rules). */
export const socialEndpoints = {
  uploadContacts: endpoint({
    service: S,
    method: 'POST',
    path: '/user-book-contact',
    auth: 'user',
    summary:
      'Adds address-book contacts; only salted hashes are kept, and registered users matched',
    body: UploadContactsReq,
    response: UploadContactsDto,
    status: 201,
    rateLimitPerMinute: 10,
  }),
  contacts: endpoint({
    service: S,
    method: 'GET',
    path: '/user-book-contact',
    auth: 'user',
    summary: "The caller's stored contacts (hashes only)",
    query: SkipTakeQuery,
    response: z.object({ contacts: z.array(ContactEntryDto), total: z.number().int() }),
  }),
  deleteContacts: endpoint({
    service: S,
    method: 'DELETE',
    path: '/user-book-contact',
    auth: 'user',
    summary: "Deletes the caller's whole address book",
    response: OkResponse,
  }),
  single: endpoint({
    service: S,
    method: 'POST',
    path: '/user-book-contact/single',
    auth: 'user',
    summary: 'Adds one e-mail or phone number to the address book',
    body: SingleContactReq,
    response: UploadContactsDto,
    status: 201,
    rateLimitPerMinute: 60,
  }),
  admin: endpoint({
    service: S,
    method: 'GET',
    path: '/user-book-contact/admin/{id}',
    auth: 'admin.contacts',
    summary: "Admins: a user's stored contacts (hashes only)",
    params: SocialUserParam,
    query: SkipTakeQuery,
    response: z.object({ contacts: z.array(ContactEntryDto), total: z.number().int() }),
  }),
  matchFriends: endpoint({
    service: S,
    method: 'POST',
    path: '/user-book-contact/matching-contacts-friends',
    auth: 'user',
    summary: 'Registered users among these contacts, without storing them',
    body: UploadContactsReq,
    response: z.object({ matches: z.array(ContactMatchDto) }),
    rateLimitPerMinute: 10,
  }),
  matching: endpoint({
    service: S,
    method: 'GET',
    path: '/user-book-contact/matching-contacts',
    auth: 'user',
    summary: 'Registered users found in the caller’s stored address book',
    response: z.object({ matches: z.array(ContactMatchDto) }),
  }),
  vapidKey: endpoint({
    service: S,
    method: 'GET',
    path: '/web-notifications/vapid-public-key',
    auth: 'public',
    summary: 'The application server key browsers subscribe with',
    response: z.object({ publicKey: z.string() }),
  }),
  subscribe: endpoint({
    service: S,
    method: 'POST',
    path: '/web-notifications/subscription',
    auth: 'user',
    summary: "Saves this browser's push subscription for the caller",
    body: z.object({ subscription: WebPushSubscription }),
    response: OkResponse,
    status: 201,
    rateLimitPerMinute: 30,
  }),
  unsubscribe: endpoint({
    service: S,
    method: 'POST',
    path: '/web-notifications/unsubscribe',
    auth: 'user',
    summary: "Forgets this browser's push subscription",
    body: z.object({ endpoint: z.string().url('must be a URL').max(2048) }),
    response: OkResponse,
  }),
  push: endpoint({
    service: S,
    method: 'POST',
    path: '/web-notifications/push-notification',
    auth: 'push.send.direct',
    summary: "Services and admins: a web push to one user's browsers now",
    // The same title, body and in-app link as every other sending route.
    body: DirectNotificationReq.omit({ data: true }),
    response: SendResultDto,
    rateLimitPerMinute: 60,
  }),
  followedDjs: endpoint({
    service: S,
    method: 'GET',
    path: '/users/{id}/followed-djs',
    auth: 'user',
    summary: 'The DJs a person follows (skip, take)',
    params: SocialUserParam,
    query: SkipTakeQuery,
    response: DjFanPageDto,
  }),
  fanCount: endpoint({
    service: S,
    method: 'GET',
    path: '/users/{id}/fan-count',
    auth: 'authenticated',
    summary: 'How many fans a person has, and how many DJs they follow',
    params: SocialUserParam,
    response: FanCountDto,
  }),
  fans: endpoint({
    service: S,
    method: 'GET',
    path: '/users/{id}/fans',
    auth: 'user',
    summary: "A person's fans (skip, take)",
    params: SocialUserParam,
    query: SkipTakeQuery,
    response: DjFanPageDto,
  }),
};
