import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pieceOf } from '../src/db/named.js';
import { customers } from '../src/db/schema.js';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

describe('a statement piece rendered once per structure', () => {
  it('gives each query of one structure its own values, the text and template of the first', () => {
    const of = (agent: number, name: string) =>
      pieceOf(and(eq(customers.agentId, agent), ilike(customers.lastName, `%${name}%`)), 'w')!;
    const first = of(1, 'rou');
    const second = of(2, 'mar');
    expect(second.text).toBe(first.text);
    expect(second.template).toBe(first.template);
    expect(first.values).toEqual([1, '%rou%']);
    expect(second.values).toEqual([2, '%mar%']);
    // As drizzle renders the second itself.
    const rendered = dialect.sqlToQuery(
      and(eq(customers.agentId, 2), ilike(customers.lastName, '%mar%'))!,
    );
    expect(second.text).toBe(rendered.sql);
    expect(second.values).toEqual(rendered.params);
  });

  it('tells structures apart by their columns and texts, and values written as they are', () => {
    const byAgent = pieceOf(eq(customers.agentId, 1), 'w')!;
    const byId = pieceOf(eq(customers.id, 1), 'w')!;
    expect(byId.text).not.toBe(byAgent.text);
    expect(pieceOf(sql`${customers.id} > ${5}`, 'w')!.text).toBe('"customers"."id" > $1');
    const raw = pieceOf(sql`${customers.id} < ${7}`, 'w')!;
    expect(raw).toMatchObject({ text: '"customers"."id" < $1', values: [7] });
    expect(
      pieceOf(sql.join([asc(customers.lastName), desc(customers.id)], sql`, `), 'o')!.text,
    ).toBe('"customers"."last_name" asc, "customers"."id" desc');
    // A value inlined in the text: no template.
    expect(pieceOf(sql.raw('"customers"."id" = $1'), 'w')).toBeNull();
  });
});
