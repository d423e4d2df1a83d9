import { createHmac, randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { CONTACT_BOOK_MAX, type ContactEntryDto, type ContactMatchDto } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { fail } from '../../platform/errors';
import { dataDirSecret } from '../../platform/secrets';
import type { Platform } from '../../platform/service';
import { contactBook } from './schema';

/** One address of an address book, normalised: a lower-case e-mail or an E.164 number. */
export interface Address {
  kind: 'email' | 'phone';
  value: string;
}

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/** SOCIAL-CONTACT-1: e-mails trimmed and lower-cased; phone numbers as E.164 (libphonenumber). */
export function normaliseEmail(raw: string): string | null {
  const v = raw.trim().toLowerCase();
  return EMAIL_RE.test(v) && v.length <= 254 ? v : null;
}

export function normalisePhone(raw: string, country?: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), country as CountryCode | undefined);
  return parsed?.isValid() ? parsed.number : null;
}

export interface ContactInput {
  emails: string[];
  phoneNumbers: string[];
}

/** Reads every address of the upload; answers the good ones (once each) and how many were not. */
export function readAddresses(
  contacts: ContactInput[],
  country?: string,
): { addresses: Address[]; invalid: number } {
  const seen = new Map<string, Address>();
  let invalid = 0;
  for (const c of contacts) {
    for (const e of c.emails) {
      const v = normaliseEmail(e);
      if (v) seen.set(`e:${v}`, { kind: 'email', value: v });
      else invalid++;
    }
    for (const p of c.phoneNumbers) {
      const v = normalisePhone(p, country);
      if (v) seen.set(`p:${v}`, { kind: 'phone', value: v });
      else invalid++;
    }
  }
  return { addresses: [...seen.values()], invalid };
}

type Row = typeof contactBook.$inferSelect;
const toEntry = (r: Row): ContactEntryDto => ({
  id: r.id,
  kind: r.kind,
  hashPrefix: r.hash.slice(0, 12),
  matchedUserUuid: r.matchedUserUuid,
  createdAt: r.createdAt.toISOString(),
});

/** What finding friends needs of the social graph (friends.service.ts, fans.service.ts). */
export interface ContactGraph {
  friendUuids(uuid: string): Promise<string[]>;
  followedDjUuids(uuid: string): Promise<string[]>;
  /** Everyone this user blocked or was blocked by. */
  blockedEitherWay(uuid: string): Promise<string[]>;
}

/**
 * Address books and finding friends (SOCIAL-CONTACT-1..4): each address is kept only as an
 * HMAC-SHA256 under a server secret (the salt), so a stolen table does not give the addresses and
 * cannot be matched against a list of known addresses without the secret.
 */
export class ContactBook {
  private constructor(
    private readonly platform: Platform,
    private readonly graph: ContactGraph,
    private readonly salt: Buffer,
  ) {}

  static async create(platform: Platform, graph: ContactGraph): Promise<ContactBook> {
    const secret =
      platform.config.CONTACT_HASH_SECRET ??
      (await dataDirSecret(platform.config.dataDir, 'contact-hash.key', () =>
        randomBytes(32).toString('base64'),
      ));
    return new ContactBook(platform, graph, Buffer.from(secret, 'utf8'));
  }

  private get db(): Db {
    return this.platform.db;
  }

  hash(a: Address): string {
    return createHmac('sha256', this.salt).update(`${a.kind}:${a.value}`).digest('hex');
  }

  /** SOCIAL-CONTACT-2: registered users among these addresses (never the caller). */
  private async match(me: string, addresses: Address[]): Promise<Map<string, string>> {
    const users = this.platform.ports.users;
    if (!users || addresses.length === 0) return new Map();
    const found = await users.matchContacts(
      addresses.filter((a) => a.kind === 'email').map((a) => a.value),
      addresses.filter((a) => a.kind === 'phone').map((a) => a.value),
    );
    return new Map(found.filter((f) => f.uuid !== me).map((f) => [f.address, f.uuid]));
  }

  /** SOCIAL-CONTACT-3: stores new addresses (hashed) with the user each matched. */
  async upload(me: string, contacts: ContactInput[], country?: string) {
    const { addresses, invalid } = readAddresses(contacts, country);
    if (addresses.length === 0 && invalid > 0) throw fail('CONTACT_INVALID');
    const [have] = await this.db
      .select({ n: count() })
      .from(contactBook)
      .where(eq(contactBook.userUuid, me));
    if (Number(have?.n ?? 0) + addresses.length > CONTACT_BOOK_MAX) throw fail('CONTACT_BOOK_FULL');
    const matched = await this.match(me, addresses);
    let stored = 0;
    for (let i = 0; i < addresses.length; i += 500) {
      const rows = addresses.slice(i, i + 500).map((a) => ({
        userUuid: me,
        hash: this.hash(a),
        kind: a.kind,
        matchedUserUuid: matched.get(a.value) ?? null,
      }));
      const inserted = await this.db
        .insert(contactBook)
        .values(rows)
        .onConflictDoUpdate({
          target: [contactBook.userUuid, contactBook.hash],
          set: { matchedUserUuid: sql`excluded.matched_user_uuid` },
        })
        .returning({ fresh: sql<boolean>`(xmax = 0)` });
      stored += inserted.filter((r) => r.fresh).length;
    }
    return { stored, invalid, matched: new Set(matched.values()).size };
  }

  async list(userUuid: string, skip: number, take: number) {
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(contactBook)
        .where(eq(contactBook.userUuid, userUuid))
        .orderBy(desc(contactBook.createdAt), contactBook.hash)
        .limit(take)
        .offset(skip),
      this.db.select({ n: count() }).from(contactBook).where(eq(contactBook.userUuid, userUuid)),
    ]);
    return { contacts: rows.map(toEntry), total: Number(total?.n ?? 0) };
  }

  async clear(userUuid: string): Promise<{ success: boolean }> {
    await this.db.delete(contactBook).where(eq(contactBook.userUuid, userUuid));
    return { success: true };
  }

  /** SOCIAL-CONTACT-4: matches marked friend / followed; people blocked either way left out. */
  private async describe(me: string, uuids: string[]): Promise<ContactMatchDto[]> {
    const { graph } = this;
    const unique = [...new Set(uuids)];
    const [friendList, followedList, blockedList] = await Promise.all([
      graph.friendUuids(me),
      graph.followedDjUuids(me),
      graph.blockedEitherWay(me),
    ]);
    const friends = new Set(friendList);
    const followed = new Set(followedList);
    const blocked = new Set(blockedList);
    return unique
      .filter((u) => !blocked.has(u))
      .map((u) => ({ userUuid: u, isFriend: friends.has(u), isFollowed: followed.has(u) }));
  }

  async storedMatches(me: string): Promise<{ matches: ContactMatchDto[] }> {
    const rows = await this.db
      .selectDistinct({ u: contactBook.matchedUserUuid })
      .from(contactBook)
      .where(and(eq(contactBook.userUuid, me), isNotNull(contactBook.matchedUserUuid)));
    return {
      matches: await this.describe(
        me,
        rows.map((r) => r.u!),
      ),
    };
  }

  /** Matches without storing anything. */
  async lookup(me: string, contacts: ContactInput[], country?: string) {
    const { addresses } = readAddresses(contacts, country);
    const matched = await this.match(me, addresses);
    return { matches: await this.describe(me, [...matched.values()]) };
  }
}
