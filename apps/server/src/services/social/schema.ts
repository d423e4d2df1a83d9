import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Address books (SOCIAL-CONTACT-1): a salted hash of each normalised e-mail or E.164 number, never
 * the address; the registered user it matched when uploaded.
 */
export const contactBook = pgTable(
  'contact_book',
  {
    id: uuid('id').notNull().defaultRandom(),
    userUuid: uuid('user_uuid').notNull(),
    hash: text('hash').notNull(),
    kind: text('kind').$type<'email' | 'phone'>().notNull(),
    matchedUserUuid: uuid('matched_user_uuid'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userUuid, t.hash] }),
    index('contact_book_matched_idx').on(t.userUuid, t.matchedUserUuid),
  ],
);

/** Browsers' web push subscriptions (SOCIAL-PUSH-*): one per endpoint. */
export const webPushSubscriptions = pgTable(
  'web_push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userUuid: uuid('user_uuid').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('web_push_user_idx').on(t.userUuid)],
);
