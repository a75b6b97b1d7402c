import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.js';
import { useSalesWorld } from './helpers/sales-fixture.js';

const world = useSalesWorld();
beforeAll(async () => {
  await world.ctx.db.insert(customers).values([
    {
      agentId: world.fixture.agentIds.get('CGP0001')!,
      clientId: 'CLI-PICK-1',
      lastName: 'Lefèvre-Picard',
      firstName: 'Anaïs',
    },
    {
      agentId: world.fixture.agentIds.get('CGP0099')!,
      clientId: 'CLI-PICK-2',
      lastName: 'Picard',
      firstName: 'Anaïs',
    },
  ]);
});

type Member = { fullName: string; clientId?: string; idCgp?: string };
const members = (body: { 'hydra:member': Member[] }) => body['hydra:member'];

describe('GET /clients (client picker)', () => {
  it('finds every word in either name, any order and case, within the caller’s customers', async () => {
    const mine = await world.ctx.api(
      'GET',
      `/clients?fullName=${encodeURIComponent('anaïs PICARD')}&pagination=false`,
      {
        token: world.claire,
      },
    );
    expect(mine.status).toBe(200);
    expect(members(mine.body).map((m) => m.clientId)).toEqual(['CLI-PICK-1']);
    expect(members(mine.body)[0]).toMatchObject({
      fullName: 'Anaïs Lefèvre-Picard',
      fullNameLastNameFirst: 'Lefèvre-Picard Anaïs',
    });

    const all = await world.ctx.api('GET', '/clients?fullName=picard%20ana&pagination=false', {
      token: world.staff,
    });
    expect(members(all.body).map((m) => m.clientId)).toEqual(['CLI-PICK-1', 'CLI-PICK-2']);
  });

  it('answers at most 30 names and takes LIKE wildcards literally', async () => {
    const many = await world.ctx.api('GET', '/clients?fullName=a&pagination=false', {
      token: world.staff,
    });
    expect(members(many.body).length).toBeLessThanOrEqual(30);
    const wildcard = await world.ctx.api('GET', '/clients?fullName=%25&pagination=false', {
      token: world.staff,
    });
    expect(members(wildcard.body)).toEqual([]);
  });

  it('finds one customer by id within the same scope (a filter label after a reload)', async () => {
    const [mine, theirs] = await Promise.all(
      ['CLI-PICK-1', 'CLI-PICK-2'].map(async (clientId) => {
        const found = await world.ctx.api('GET', `/clients?fullName=picard&pagination=false`, {
          token: world.staff,
        });
        return (found.body['hydra:member'] as (Member & { id: number })[]).find(
          (m) => m.clientId === clientId,
        )!.id;
      }),
    );
    const own = await world.ctx.api('GET', `/clients?id=${mine}`, { token: world.claire });
    expect(members(own.body).map((m) => m.clientId)).toEqual(['CLI-PICK-1']);
    const foreign = await world.ctx.api('GET', `/clients?id=${theirs}`, { token: world.claire });
    expect(members(foreign.body)).toEqual([]);
    const staff = await world.ctx.api('GET', `/clients?id=${theirs}`, { token: world.staff });
    expect(members(staff.body).map((m) => m.clientId)).toEqual(['CLI-PICK-2']);
    const typo = await world.ctx.api('GET', '/clients?id=12abc', { token: world.claire });
    expect(typo.status).toBe(400);
    expect(typo.body['hydra:description']).toMatch(/id/);
  });
});

describe('GET /consultants (agent picker)', () => {
  it('gives staff any agent and an agent only himself and his downline', async () => {
    const staffFound = await world.ctx.api('GET', '/consultants?idCgp=CGP0003&pagination=false', {
      token: world.staff,
    });
    expect(members(staffFound.body).map((m) => m.idCgp)).toEqual(['CGP0003']);
    const claireFound = await world.ctx.api('GET', '/consultants?idCgp=CGP0003&pagination=false', {
      token: world.claire,
    });
    expect(members(claireFound.body)).toEqual([]);
    const downline = await world.ctx.api('GET', '/consultants?idCgp=CGP0002&pagination=false', {
      token: world.claire,
    });
    expect(members(downline.body).map((m) => m.idCgp)).toEqual(['CGP0002']);
  });

  it('searches names like the client picker', async () => {
    const found = await world.ctx.api('GET', '/consultants?fullName=martin%20claire', {
      token: world.staff,
    });
    expect(members(found.body).map((m) => m.fullName)).toContain('Claire Martin');
  });
});
