import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AppError } from './errors';
import { escapeLike, parseQb, qbPageOf, qbPlan, type QbFieldMap, type QbOptions } from './qb';

const opts: QbOptions = {
  fields: {
    id: 'number',
    uuid: 'uuid',
    nickname: 'string',
    banned: 'boolean',
    createdAt: 'date',
    roles: 'array',
  },
  joins: ['emails'],
};

/** Runs `fn` and answers the AppError it throws. */
function error(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected an error');
}

function expect400(fn: () => unknown, message: string) {
  const e = error(fn);
  expect(e.status).toBe(400);
  expect(e.code).toBe('QB_INVALID');
  expect(e.messages).toBe(message);
}

describe('parseQb: filter and or', () => {
  it('parses field||$op||value with values converted to the field type', () => {
    const p = parseQb({ filter: ['id||$gte||10', 'banned||$eq||true'] }, opts);
    expect(p.where).toEqual({
      kind: 'and',
      items: [
        { kind: 'cond', field: 'id', op: '$gte', value: 10 },
        { kind: 'cond', field: 'banned', op: '$eq', value: true },
      ],
    });
  });

  it('keeps || inside a value and splits $in / $notin comma lists', () => {
    expect(parseQb({ filter: ['nickname||$eq||a||b'] }, opts).where).toEqual({
      kind: 'cond',
      field: 'nickname',
      op: '$eq',
      value: 'a||b',
    });
    expect(parseQb({ filter: ['id||$in||1, 2,3'] }, opts).where).toMatchObject({
      op: '$in',
      value: [1, 2, 3],
    });
    expect(parseQb({ filter: ['nickname||$notin||x,y'] }, opts).where).toMatchObject({
      op: '$notin',
      value: ['x', 'y'],
    });
  });

  it('takes $isnull and $notnull without a value', () => {
    expect(parseQb({ filter: ['createdAt||$isnull'] }, opts).where).toEqual({
      kind: 'cond',
      field: 'createdAt',
      op: '$isnull',
      value: null,
    });
    expect(parseQb({ filter: ['nickname||$notnull||'] }, opts).where).toMatchObject({
      op: '$notnull',
    });
  });

  it('ORs `or` params, and combines filter and or as (AND filter) OR (AND or)', () => {
    expect(parseQb({ or: ['id||$eq||1', 'id||$eq||2'] }, opts).where).toMatchObject({
      kind: 'or',
      items: [{ value: 1 }, { value: 2 }],
    });
    expect(
      parseQb({ filter: ['id||$gt||1', 'id||$lt||9'], or: ['nickname||$cont||dj'] }, opts).where,
    ).toEqual({
      kind: 'or',
      items: [
        {
          kind: 'and',
          items: [
            { kind: 'cond', field: 'id', op: '$gt', value: 1 },
            { kind: 'cond', field: 'id', op: '$lt', value: 9 },
          ],
        },
        { kind: 'cond', field: 'nickname', op: '$cont', value: 'dj' },
      ],
    });
  });

  it('normalises dates to ISO strings and uuids to lower case', () => {
    expect(parseQb({ filter: ['createdAt||$gt||2024-01-02'] }, opts).where).toMatchObject({
      value: '2024-01-02T00:00:00.000Z',
    });
    expect(
      parseQb({ filter: ['uuid||$eq||0E0A6F3C-1111-4222-8333-944445555666'] }, opts).where,
    ).toMatchObject({ value: '0e0a6f3c-1111-4222-8333-944445555666' });
  });

  it('refuses unknown fields and operators, naming them', () => {
    expect400(
      () => parseQb({ filter: ['password||$eq||x'] }, opts),
      "Unknown field 'password' in filter.",
    );
    expect400(() => parseQb({ or: ['secret||$eq||x'] }, opts), "Unknown field 'secret' in or.");
    expect400(
      () => parseQb({ filter: ['nickname||$like||x'] }, opts),
      "Unknown operator '$like' for field 'nickname' in filter.",
    );
    expect400(
      () => parseQb({ filter: ['id||$cont||1'] }, opts),
      "Operator '$cont' cannot be used on field 'id' in filter.",
    );
  });

  it('refuses malformed filters and bad values', () => {
    expect400(
      () => parseQb({ filter: ['nickname'] }, opts),
      "Invalid filter 'nickname': expected field||$operator||value.",
    );
    expect400(
      () => parseQb({ filter: ['nickname||$eq'] }, opts),
      "Operator '$eq' on field 'nickname' needs a value in filter.",
    );
    expect400(
      () => parseQb({ filter: ['id||$eq||abc'] }, opts),
      "Invalid value abc for field 'id': expected a number.",
    );
    expect400(
      () => parseQb({ filter: ['banned||$eq||maybe'] }, opts),
      "Invalid value maybe for field 'banned': expected true or false.",
    );
    expect400(
      () => parseQb({ filter: ['createdAt||$lt||yesterday'] }, opts),
      "Invalid value yesterday for field 'createdAt': expected a date.",
    );
    expect400(
      () => parseQb({ filter: ['uuid||$eq||nope'] }, opts),
      "Invalid value nope for field 'uuid': expected a uuid.",
    );
    expect400(
      () => parseQb({ filter: ['id||$in||,'] }, opts),
      "Operator '$in' on field 'id' needs at least one value in filter.",
    );
  });
});

describe('parseQb: s (JSON search)', () => {
  it('ANDs keys and nests $and / $or', () => {
    const p = parseQb(
      {
        s: JSON.stringify({
          banned: false,
          $or: [{ nickname: { $cont: 'dj' } }, { id: { $in: [1, 2] } }],
        }),
      },
      opts,
    );
    expect(p.where).toEqual({
      kind: 'and',
      items: [
        { kind: 'cond', field: 'banned', op: '$eq', value: false },
        {
          kind: 'or',
          items: [
            { kind: 'cond', field: 'nickname', op: '$cont', value: 'dj' },
            { kind: 'cond', field: 'id', op: '$in', value: [1, 2] },
          ],
        },
      ],
    });
  });

  it('reads several operators of one field, field-level $or, null and arrays', () => {
    expect(parseQb({ s: JSON.stringify({ id: { $gt: 3, $lte: 9 } }) }, opts).where).toEqual({
      kind: 'and',
      items: [
        { kind: 'cond', field: 'id', op: '$gt', value: 3 },
        { kind: 'cond', field: 'id', op: '$lte', value: 9 },
      ],
    });
    expect(
      parseQb({ s: JSON.stringify({ nickname: { $or: { $starts: 'a', $ends: 'z' } } }) }, opts)
        .where,
    ).toEqual({
      kind: 'or',
      items: [
        { kind: 'cond', field: 'nickname', op: '$starts', value: 'a' },
        { kind: 'cond', field: 'nickname', op: '$ends', value: 'z' },
      ],
    });
    expect(parseQb({ s: '{"createdAt":null}' }, opts).where).toMatchObject({ op: '$isnull' });
    expect(parseQb({ s: '{"id":[4,5]}' }, opts).where).toMatchObject({ op: '$in', value: [4, 5] });
    expect(parseQb({ s: '{"roles":{"$cont":"admin"}}' }, opts).where).toMatchObject({
      field: 'roles',
      op: '$cont',
      value: 'admin',
    });
  });

  it('ANDs s with filter', () => {
    expect(parseQb({ s: '{"nickname":"a"}', filter: ['id||$eq||1'] }, opts).where).toMatchObject({
      kind: 'and',
      items: [{ field: 'nickname' }, { field: 'id' }],
    });
  });

  it('treats an empty s or {} as no condition', () => {
    expect(parseQb({ s: '' }, opts).where).toBeNull();
    expect(parseQb({ s: '{}' }, opts).where).toBeNull();
  });

  it('refuses malformed JSON, unknown fields and operators, and bad shapes', () => {
    expect400(
      () => parseQb({ s: '{nickname:' }, opts),
      'Invalid search parameter s: malformed JSON.',
    );
    expect400(
      () => parseQb({ s: '[1,2]' }, opts),
      'Invalid search parameter s: expected a JSON object.',
    );
    expect400(
      () => parseQb({ s: '{"passwordHash":"x"}' }, opts),
      "Unknown field 'passwordHash' in s.",
    );
    expect400(() => parseQb({ s: '{"$not":[]}' }, opts), "Unknown operator '$not' in s.");
    expect400(
      () => parseQb({ s: '{"nickname":{"$regex":"x"}}' }, opts),
      "Unknown operator '$regex' for field 'nickname' in s.",
    );
    expect400(
      () => parseQb({ s: '{"$or":{"nickname":"x"}}' }, opts),
      'Invalid search parameter s: $or needs an array.',
    );
    expect400(
      () => parseQb({ s: '{"id":{"$eq":{"x":1}}}' }, opts),
      `Invalid value {"x":1} for field 'id': expected a single value.`,
    );
    expect400(
      () => parseQb({ s: '{"id":[]}' }, opts),
      "Operator '$in' on field 'id' needs at least one value in s.",
    );
    let deep: unknown = { nickname: 'x' };
    for (let i = 0; i < 10; i++) deep = { $and: [deep] };
    expect400(
      () => parseQb({ s: JSON.stringify(deep) }, opts),
      'Search parameter s is nested too deeply.',
    );
  });
});

describe('parseQb: sort, fields, join and paging', () => {
  it('parses sort with a default ASC direction', () => {
    expect(parseQb({ sort: ['createdAt,DESC', 'nickname', 'id,asc'] }, opts).sort).toEqual([
      { field: 'createdAt', dir: 'DESC' },
      { field: 'nickname', dir: 'ASC' },
      { field: 'id', dir: 'ASC' },
    ]);
  });

  it('refuses unknown sort fields and directions', () => {
    expect400(() => parseQb({ sort: ['password,ASC'] }, opts), "Unknown sort field 'password'.");
    expect400(
      () => parseQb({ sort: ['id,UP'] }, opts),
      "Invalid sort 'id,UP': expected field,ASC or field,DESC.",
    );
  });

  it('checks fields and join names', () => {
    expect(parseQb({ fields: 'id, nickname', join: ['emails'] }, opts)).toMatchObject({
      fields: ['id', 'nickname'],
      join: ['emails'],
    });
    expect400(
      () => parseQb({ fields: 'id,password' }, opts),
      "Unknown field 'password' in fields.",
    );
    expect400(() => parseQb({ join: ['rooms'] }, opts), "Unknown relation 'rooms' in join.");
  });

  it('computes limit and offset from limit, offset and page', () => {
    expect(parseQb({}, opts)).toMatchObject({ limit: 25, offset: 0 });
    expect(parseQb({ limit: 0 }, { ...opts, defaultLimit: 10 })).toMatchObject({ limit: 10 });
    expect(parseQb({ limit: 500 }, opts)).toMatchObject({ limit: 100 });
    expect(parseQb({ limit: 10, offset: 30 }, opts)).toMatchObject({ limit: 10, offset: 30 });
    expect(parseQb({ limit: 10, offset: 5, page: 3 }, opts)).toMatchObject({ offset: 20 });
  });

  it('shapes the page answer', () => {
    expect(qbPageOf(['a', 'b'], 12, { limit: 5, offset: 10 })).toEqual({
      data: ['a', 'b'],
      count: 2,
      total: 12,
      page: 3,
      pageCount: 3,
    });
    expect(qbPageOf([], 0, { limit: 5, offset: 0 })).toMatchObject({ page: 1, pageCount: 0 });
  });
});

describe('qbPlan: SQL', () => {
  const t = pgTable('t', {
    id: integer('id'),
    uuid: uuid('uuid'),
    nickname: text('nickname'),
    banned: boolean('banned'),
    createdAt: timestamp('created_at', { withTimezone: true }),
    roles: jsonb('roles'),
  });
  const fields: QbFieldMap = {
    id: { expr: t.id, type: 'number' },
    uuid: { expr: t.uuid, type: 'uuid' },
    nickname: { expr: t.nickname, type: 'string' },
    banned: { expr: t.banned, type: 'boolean' },
    createdAt: { expr: t.createdAt, type: 'date' },
    roles: { expr: t.roles, type: 'array' },
  };
  const dialect = new PgDialect();
  const render = (q: Parameters<typeof qbPlan>[0], o: Parameters<typeof qbPlan>[2] = {}) => {
    const plan = qbPlan(q, fields, o);
    return {
      plan,
      where: plan.whereSql ? dialect.sqlToQuery(plan.whereSql) : undefined,
      order: plan.orderBy.map((s) => dialect.sqlToQuery(s).sql),
    };
  };

  it('binds every value as a parameter', () => {
    const { where } = render({ filter: ['id||$in||1,2', 'nickname||$eq||x'] });
    expect(where?.sql).toBe('("t"."id" in ($1, $2)) and ("t"."nickname" = $3)');
    expect(where?.params).toEqual([1, 2, 'x']);
  });

  it('uses case-insensitive ilike with escaped wildcards for text operators', () => {
    const { where } = render({
      or: ['nickname||$cont||50%_off', 'nickname||$starts||a', 'uuid||$ends||ff'],
    });
    expect(where?.sql).toBe(
      '("t"."nickname" ilike $1) or ("t"."nickname" ilike $2) or ("t"."uuid"::text ilike $3)',
    );
    expect(where?.params).toEqual(['%50\\%\\_off%', 'a%', '%ff']);
    expect(escapeLike('a\\b')).toBe('a\\\\b');
  });

  it('tests JSON list membership for array fields and negates $excl', () => {
    const { where } = render({ filter: ['roles||$cont||admin', 'nickname||$excl||bot'] });
    expect(where?.sql).toBe('("t"."roles" @> $1::jsonb) and (not ("t"."nickname" ilike $2))');
    expect(where?.params).toEqual(['["admin"]', '%bot%']);
  });

  it('orders by the given sort, or the default, plus the tiebreaker', () => {
    expect(render({ sort: ['nickname,DESC'] }, { tiebreaker: 'id' }).order).toEqual([
      '"t"."nickname" desc nulls last',
      '"t"."id" desc nulls last',
    ]);
    expect(
      render({}, { defaultSort: [{ field: 'createdAt', dir: 'ASC' }], tiebreaker: 'id' }).order,
    ).toEqual(['"t"."created_at" asc nulls last', '"t"."id" asc nulls last']);
    expect(render({ sort: ['id,ASC'] }, { tiebreaker: 'id' }).order).toEqual([
      '"t"."id" asc nulls last',
    ]);
  });

  it('has no where clause without conditions', () => {
    expect(render({}).where).toBeUndefined();
  });
});
