import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import { cutOf, responseSerializer } from './response-shape';

/** HTTP-OUT-1: answers cut to their schema's keys, the same JSON as the schema's own encode. */
const Song = z.object({ trackName: z.string(), duration: z.number().int().min(0) });
const Room = z.object({
  uuid: z.string().uuid(),
  name: z.string().min(1),
  song: Song.nullable().optional(),
  tags: z.array(z.string()),
  roles: z.array(z.object({ userUuid: z.string(), role: z.enum(['dj', 'moderator']) })),
  extras: z.record(z.string(), Song).optional(),
  meta: z.looseObject({ kind: z.literal('room') }).optional(),
  choice: z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]).optional(),
  count: z.number().default(0),
});
type Node = { name: string; children: Node[] };
const Tree: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(Tree) }));

const room = {
  uuid: '6f1c2a4e-8b7d-4c3e-9a1f-2b3c4d5e6f70',
  name: 'Late Night',
  passwordHash: 'secret',
  song: { trackName: 'Opener', duration: 180, sourceUrl: 'internal' },
  tags: ['house'],
  roles: [{ userUuid: 'u1', role: 'dj', token: 'secret' }],
  extras: { next: { trackName: 'Next', duration: 1, internal: true } },
  meta: { kind: 'room', shownToo: 1 },
  choice: { b: 'x', hidden: true },
  count: 3,
};

const schemaJson = (schema: z.ZodType, value: unknown) => {
  const r = safeEncode(schema, value);
  if (r.error) throw r.error;
  return JSON.stringify(r.data);
};

describe('HTTP-OUT-1: the cut', () => {
  it('keeps only the named keys at every depth, as the schema does', () => {
    const out = cutOf(Room)(room) as Record<string, unknown>;
    expect(JSON.stringify(out)).toBe(schemaJson(Room, room));
    expect(out).not.toHaveProperty('passwordHash');
    expect(out.song).toEqual({ trackName: 'Opener', duration: 180 });
    expect(out.roles).toEqual([{ userUuid: 'u1', role: 'dj' }]);
    expect(out.extras).toEqual({ next: { trackName: 'Next', duration: 1 } });
    // A loose object keeps its other keys; a union is left to the schema, which strips it.
    expect(out.meta).toEqual({ kind: 'room', shownToo: 1 });
    expect(out.choice).toEqual({ b: 'x' });
  });

  it('absent, undefined and null fields, no default filled in (an answer is encoded)', () => {
    const bare = { uuid: room.uuid, name: 'x', song: null, tags: [], roles: [], extra: 1 };
    const withCount = { ...bare, count: 1 };
    expect(JSON.stringify(cutOf(Room)(withCount))).toBe(schemaJson(Room, withCount));
    expect(JSON.stringify(cutOf(Room)({ ...withCount, song: undefined }))).toBe(
      schemaJson(Room, { ...withCount, song: undefined }),
    );
    expect(cutOf(Room)(bare)).not.toHaveProperty('count');
  });

  it('a recursive schema is cut at every level', () => {
    const tree = { name: 'a', x: 1, children: [{ name: 'b', y: 2, children: [] }] };
    expect(cutOf(Tree)(tree)).toEqual({ name: 'a', children: [{ name: 'b', children: [] }] });
    expect(JSON.stringify(cutOf(Tree)(tree))).toBe(schemaJson(Tree, tree));
  });

  it('a record keyed by an enum goes by the schema: no other key, in the enum order', () => {
    const Kinds = z.record(z.enum(['likes', 'chat']), z.object({ push: z.boolean() }));
    const kinds = { chat: { push: true, x: 1 }, likes: { push: false } };
    expect(JSON.stringify(cutOf(Kinds)(kinds))).toBe(schemaJson(Kinds, kinds));
    expect(cutOf(Kinds)(kinds)).toEqual({ chat: { push: true }, likes: { push: false } });
    expect(() => cutOf(Kinds)({ ...kinds, secret: { push: true } })).toThrow();
  });

  it('a union that fits no branch is refused by the schema', () => {
    expect(() => cutOf(Room)({ ...room, choice: { c: 1 } })).toThrow();
  });
});

describe('HTTP-OUT-1: at the HTTP boundary', () => {
  const checked: FastifyInstance = Fastify();
  const shaped: FastifyInstance = Fastify();
  const apps = [checked, shaped];
  beforeAll(async () => {
    for (const [app, check] of [
      [checked, true],
      [shaped, false],
    ] as const) {
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(responseSerializer(check));
      const typed = app.withTypeProvider<ZodTypeProvider>();
      typed.get('/room', { schema: { response: { 200: Room } } }, async () => room as never);
      typed.get(
        '/wrong',
        { schema: { response: { 200: Room } } },
        async () => ({ ...room, name: 42, secret: 's' }) as never,
      );
      await app.ready();
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('a row with more than the contract goes out as the contract, checked or not', async () => {
    for (const app of apps) {
      const res = await app.inject({ method: 'GET', url: '/room' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(schemaJson(Room, room));
      expect(res.body).not.toContain('secret');
      expect(res.body).not.toContain('internal');
    }
  });

  it('an answer of the wrong type: a 500 when checked (the tests); cut, never leaking, when not', async () => {
    const wrong = await checked.inject({ method: 'GET', url: '/wrong' });
    expect(wrong.statusCode).toBe(500);
    const cut = await shaped.inject({ method: 'GET', url: '/wrong' });
    expect(cut.statusCode).toBe(200);
    expect(JSON.parse(cut.body).name).toBe(42);
    expect(cut.body).not.toContain('secret');
  });
});
