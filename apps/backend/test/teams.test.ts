import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents, financialProducts, vlps } from '../src/db/schema.js';
import { useSalesWorld } from './helpers/sales-fixture.js';

/**
 * Teams on the sales fixture: Claire (CGP0001) sponsors Julien (CGP0002) who sponsors Lucas
 * (CGP0004); Paul (CGP0003) and Olivier (CGP0099) head teams of their own. Every expected
 * figure is computed here from the fixture's rows, not read back from the API.
 */
const world = useSalesWorld();
const TEAM = ['CGP0001', 'CGP0002', 'CGP0004'];
const VLPS = [
  { cgp: 'CGP0002', amount: 5000, exercice: 2025 },
  { cgp: 'CGP0002', amount: -1000, exercice: 2025 },
  { cgp: 'CGP0004', amount: 2500, exercice: 2025 },
  { cgp: 'CGP0099', amount: 9000, exercice: 2025 },
  { cgp: 'CGP0001', amount: 700, exercice: 2024 },
];
// Per agent of the fixture, each exercice 2025: Acté 200,000, Réservé 210,000, Désisté 220,000.
const RE_DONE = 200_000;
const RE_UNDER_WAY = 210_000;

beforeAll(async () => {
  const { ctx, fixture } = world;
  const [product] = await ctx.db.select().from(financialProducts).limit(1);
  await ctx.db.insert(vlps).values(
    VLPS.map((v, i) => ({
      agentId: fixture.agentIds.get(v.cgp)!,
      customerId: fixture.customers.find((c) => c.agentCgp === v.cgp)!.id,
      productId: product!.id,
      amount: v.amount,
      fee: 1,
      processingDate: `${v.exercice}-03-${String(i + 10)}`,
      exercice: v.exercice,
    })),
  );
});

type Expected = {
  idCgp: string;
  currentImmo: number;
  finishImmo: number;
  currentInvest: number;
  finishInvest: number;
  vlp: number;
  vavc: number;
};

function figures(cgp: string, year: number | null): Expected {
  const inYear = (exercice: number) => year === null || exercice === year;
  const sales = world.fixture.sales.filter((s) => s.agentCgp === cgp && inYear(s.exercice));
  const sum = (list: { amount: number }[]) => list.reduce((total, s) => total + s.amount, 0);
  const immo = inYear(2025);
  const finishInvest = sum(sales.filter((s) => s.status === 'Validé' || s.status === 'Terminé'));
  const vlp = sum(VLPS.filter((v) => v.cgp === cgp && inYear(v.exercice)));
  const finishImmo = immo ? RE_DONE : 0;
  return {
    idCgp: cgp,
    currentImmo: immo ? RE_UNDER_WAY : 0,
    finishImmo,
    currentInvest: sum(sales.filter((s) => s.status === 'Encours')),
    finishInvest,
    vlp,
    vavc: finishImmo + finishInvest + vlp,
  };
}

const below: Record<string, string[]> = {
  CGP0001: ['CGP0001', 'CGP0002', 'CGP0004'],
  CGP0002: ['CGP0002', 'CGP0004'],
  CGP0004: ['CGP0004'],
};
const vave = (cgp: string, year: number | null) =>
  below[cgp]!.reduce((total, member) => total + figures(member, year).vavc, 0);

const get = (path: string, token: string) => world.ctx.api('GET', path, { token });
const cgps = (body: { 'hydra:member': { idCgp: string }[] }) =>
  body['hydra:member'].map((row) => row.idCgp);

describe('GET /cgps/teams/sales/direct and /cgps/teams/sales', () => {
  it("gives an agent his direct godchildren, then his whole team, with each one's figures", async () => {
    const direct = await get('/cgps/teams/sales/direct?year=2025', world.claire);
    expect(direct.status).toBe(200);
    expect(cgps(direct.body)).toEqual(['CGP0002']);
    expect(direct.body['hydra:member'][0]).toMatchObject({
      ...figures('CGP0002', 2025),
      fullName: 'Julien Lefebvre',
      sponsor: 'Claire Martin',
      sponsorIdCgp: 'CGP0001',
      vave: vave('CGP0002', 2025),
    });

    const all = await get('/cgps/teams/sales?year=2025', world.claire);
    expect(all.body['hydra:totalItems']).toBe(2);
    // By name: Lefebvre, Petit.
    expect(cgps(all.body)).toEqual(['CGP0002', 'CGP0004']);
    expect(all.body['hydra:member'][1]).toMatchObject({
      ...figures('CGP0004', 2025),
      vave: vave('CGP0004', 2025),
    });
  });

  it('sums every exercice without a year', async () => {
    const all = await get('/cgps/teams/sales', world.claire);
    expect(all.body['hydra:member'][0]).toMatchObject({
      ...figures('CGP0002', null),
      vave: vave('CGP0002', null),
    });
  });

  it("filters by agent (type=agent) or by sponsor inside the caller's team", async () => {
    const agent = await get('/cgps/teams/sales?cgpId=CGP0002&type=agent&year=2025', world.claire);
    expect(cgps(agent.body)).toEqual(['CGP0002']);
    const sponsor = await get('/cgps/teams/sales/direct?cgpId=CGP0002&type=sponsor', world.claire);
    expect(cgps(sponsor.body)).toEqual(['CGP0004']);
    const self = await get('/cgps/teams/sales/direct?cgpId=CGP0001&type=agent', world.claire);
    expect(cgps(self.body)).toEqual(['CGP0001']);
  });

  it('refuses an agent any team outside his own, whether the CGP id exists or not', async () => {
    for (const cgpId of ['CGP0099', 'CGP0003', 'CGP9999']) {
      const direct = await get(`/cgps/teams/sales/direct?cgpId=${cgpId}`, world.claire);
      expect(direct.status).toBe(403);
      expect(direct.body['hydra:description']).toBe('Accès refusé.');
      expect((await get(`/cgps/teams/sales?cgpId=${cgpId}&type=agent`, world.claire)).status).toBe(
        403,
      );
    }
    const julien = await world.ctx.login('julien.lefebvre@reseau-patrimoine.fr');
    expect((await get('/cgps/teams/sales?cgpId=CGP0001', julien)).status).toBe(403);
    expect(cgps((await get('/cgps/teams/sales', julien)).body)).toEqual(['CGP0004']);
  });

  it('gives staff the heads of the network, then every agent, and any team', async () => {
    const heads = await get('/cgps/teams/sales/direct?itemsPerPage=100', world.staff);
    const headIds = cgps(heads.body);
    expect(headIds).toEqual(expect.arrayContaining(['CGP0001', 'CGP0003', 'CGP0099']));
    expect(headIds).not.toContain('CGP0002');
    const count = (await world.ctx.db.select({ id: agents.id }).from(agents)).length;
    const all = await get('/cgps/teams/sales?year=2025', world.staff);
    expect(all.body['hydra:totalItems']).toBe(count);
    const julien = await get('/cgps/teams/sales?cgpId=CGP0002&year=2025', world.staff);
    expect(cgps(julien.body)).toEqual(['CGP0004']);
    // An unknown CGP id is an empty team for staff.
    const unknown = await get('/cgps/teams/sales?cgpId=CGP9999', world.staff);
    expect(unknown.body['hydra:totalItems']).toBe(0);
  });

  it('orders on every figure and pages with hydra:view', async () => {
    const byVave = await get('/cgps/teams/sales?year=2025&order[vave]=desc', world.staff);
    const values = byVave.body['hydra:member'].map((row: { vave: number }) => row.vave);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(byVave.body['hydra:member'][0].idCgp).toBe('CGP0001');
    const paged = await get('/cgps/teams/sales?itemsPerPage=2&page=2', world.staff);
    expect(paged.body['hydra:member']).toHaveLength(2);
    expect(paged.body['hydra:view']['hydra:previous']).toContain('page=1');
    const past = await get('/cgps/teams/sales?page=99', world.staff);
    expect(past.body['hydra:member']).toEqual([]);
    expect(past.body['hydra:totalItems']).toBeGreaterThan(0);
  });

  it('answers bad input with a French 400, never a 500', async () => {
    for (const query of [
      'year=abc',
      'year=1999',
      'type=parrain',
      'order[vave]=sideways',
      'page=0',
      'cgpId=',
      `cgpId=${'x'.repeat(41)}`,
      'cgpId=CGP%00',
    ]) {
      const response = await get(`/cgps/teams/sales?${query}`, world.staff);
      expect(response.status, query).toBe(400);
      expect(response.body['hydra:description'], query).toMatch(/[a-zé]/);
    }
  });
});

describe('GET /cgps/year/{year}', () => {
  it("sums an agent's own sales, or his whole team's with team=true", async () => {
    const own = await get('/cgps/year/2025', world.claire);
    expect(own.status).toBe(200);
    const [immo, placement] = own.body['hydra:member'];
    const claire = figures('CGP0001', 2025);
    expect(immo).toMatchObject({
      kind: 'immobilier',
      bookingsTotal: RE_UNDER_WAY,
      encours: RE_UNDER_WAY,
      deedsTotal: RE_DONE,
      total: RE_UNDER_WAY + RE_DONE,
    });
    expect(placement).toMatchObject({
      kind: 'placement',
      encours: claire.currentInvest,
      deedsTotal: claire.finishInvest,
      vlpTotal: claire.vlp,
    });
    // The same figures as the sales pages' own totals.
    const sales = await get('/ventes_orions/year/2025', world.claire);
    expect(placement.deedsTotal).toBe(sales.body.deedsTotal);
    const estate = await get('/ventes_valoriciels/year/2025', world.claire);
    expect(immo.total).toBe(estate.body.total);

    const team = await get('/cgps/year/2025?team=true', world.claire);
    const [teamImmo, teamPlacement] = team.body['hydra:member'];
    expect(teamImmo.deedsTotal).toBe(RE_DONE * TEAM.length);
    expect(teamPlacement.vlpTotal).toBe(TEAM.reduce((t, cgp) => t + figures(cgp, 2025).vlp, 0));
    expect(teamPlacement.deedsTotal).toBe(
      TEAM.reduce((t, cgp) => t + figures(cgp, 2025).finishInvest, 0),
    );
    const julien = await get('/cgps/year/2025?agentId=CGP0002', world.claire);
    expect(julien.body['hydra:member'][1].vlpTotal).toBe(4000);
  });

  it('gives staff the network, and refuses an agent beyond his team', async () => {
    const network = await get('/cgps/year/2025', world.staff);
    expect(network.body['hydra:member'][0].deedsTotal).toBe(RE_DONE * 4);
    expect((await get('/cgps/year/2025?agentId=CGP0099', world.claire)).status).toBe(403);
    expect((await get('/cgps/year/1999', world.claire)).status).toBe(400);
  });
});

async function sheetOf(raw: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(raw as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}
const column = (sheet: ExcelJS.Worksheet, header: string) => {
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  return (sheet.getColumn(headers.indexOf(header) + 1).values as unknown[]).slice(2);
};

describe('team exports', () => {
  it('exports the team table with the same rows as the list', async () => {
    const response = await get('/cgps/teams/sales/export?year=2025', world.claire);
    expect(response.status).toBe(200);
    expect(String(response.headers['content-disposition'])).toMatch(
      /filename="equipe_MARTIN_Claire_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.xlsx"|filename="equipe_Martin_Claire_/,
    );
    const sheet = await sheetOf(response.raw);
    expect(column(sheet, 'ID CGP')).toEqual(['CGP0002', 'CGP0004']);
    expect(column(sheet, 'VAVE')).toEqual([vave('CGP0002', 2025), vave('CGP0004', 2025)]);
    expect((await get('/cgps/teams/sales/export?cgpId=CGP0099', world.claire)).status).toBe(403);
  });

  it("exports the team's agents without bank details, narrowed by agent or sponsor", async () => {
    const team = await sheetOf((await get('/cgps/export/data', world.claire)).raw);
    expect(column(team, 'ID CGP')).toEqual(['CGP0002', 'CGP0001', 'CGP0004']);
    const headers = (team.getRow(1).values as string[]).slice(1).join(' ');
    expect(headers).not.toMatch(/IBAN|SIRET|Adresse/i);
    const sponsor = await sheetOf(
      (await get('/cgps/export/data?sponsor=CGP0002', world.claire)).raw,
    );
    expect(column(sponsor, 'ID CGP')).toEqual(['CGP0004']);
    const one = await sheetOf((await get('/cgps/export/data?id=CGP0002', world.claire)).raw);
    expect(column(one, 'ID CGP')).toEqual(['CGP0002']);
    expect((await get('/cgps/export/data?id=CGP0099', world.claire)).status).toBe(403);
    // Both must be in the named team: Claire is not below Julien.
    expect((await get('/cgps/export/data?cgpId=CGP0002&id=CGP0001', world.claire)).status).toBe(
      403,
    );
    expect((await get('/cgps/export/data?cgpId=CGP0002&id=CGP0001', world.staff)).status).toBe(403);
  });

  it("exports the team's real-estate and investment sales of the exercice", async () => {
    const estate = await sheetOf((await get('/cgps/export/estate?year=2025', world.claire)).raw);
    expect(estate.getCell('A1').value).toBe('Mandataire');
    expect(estate.actualRowCount - 1).toBe(3 * TEAM.length);
    const investment = await sheetOf(
      (await get('/cgps/export/investment?year=2024&sponsor=CGP0002', world.claire)).raw,
    );
    const expected = world.fixture.sales.filter(
      (s) => s.agentCgp === 'CGP0004' && s.exercice === 2024,
    );
    expect(investment.actualRowCount - 1).toBe(expected.length);
    expect(new Set(column(investment, 'Montant'))).toEqual(new Set(expected.map((s) => s.amount)));
    const all = await sheetOf((await get('/cgps/export/investment', world.staff)).raw);
    expect(all.actualRowCount - 1).toBe(world.fixture.sales.length);
  });
});

describe('GET /cgps/teams/agents', () => {
  it("searches the caller's team only", async () => {
    const mine = await get('/cgps/teams/agents?fullName=marc', world.claire);
    expect(mine.status).toBe(200);
    expect(cgps(mine.body as never)).toEqual([]);
    const staff = await get('/cgps/teams/agents?fullName=marc', world.staff);
    expect(staff.body['hydra:member'].map((a: { idCgp: string }) => a.idCgp)).toContain('CGP0099');
    const team = await get('/cgps/teams/agents?fullName=petit', world.claire);
    expect(team.body['hydra:member'].map((a: { idCgp: string }) => a.idCgp)).toEqual(['CGP0004']);
  });
});

describe('GET /temp_cgps', () => {
  const sponsors = (body: unknown) => cgps(body as never);
  let lucas: string;
  beforeAll(async () => {
    // Olivier (CGP0099, outside Claire's tree) sponsors someone: a sponsor she must not find.
    const olivier = world.fixture.agentIds.get('CGP0099')!;
    await world.ctx.db.insert(agents).values({
      cgpId: 'CGP0098',
      firstname: 'Nadia',
      lastname: 'Marchand',
      email: 'nadia.marchand@example.fr',
      sponsorId: olivier,
    });
    lucas = await world.ctx.login('lucas.petit@reseau-patrimoine.fr');
  });

  it("lists the sponsors of the caller's team only, whatever the query says", async () => {
    const mine = await get('/temp_cgps?pagination=false', world.claire);
    expect(mine.status).toBe(200);
    // Lucas (CGP0004) sponsors no one: not a sponsor.
    expect(sponsors(mine.body)).toEqual(['CGP0002', 'CGP0001']);
    const outsider = await get('/temp_cgps?fullName=marchand&pagination=false', world.claire);
    expect(outsider.status).toBe(200);
    expect(sponsors(outsider.body)).toEqual([]);
    expect(outsider.body['hydra:totalItems']).toBe(0);
    // Widening by the page size, the page or an unknown parameter changes nothing.
    const tampered = await get(
      '/temp_cgps?itemsPerPage=100&page=1&pagination=true&cgpId=CGP0099&idCgp=CGP0099',
      world.claire,
    );
    expect(tampered.status).toBe(200);
    expect(sponsors(tampered.body)).toEqual(['CGP0002', 'CGP0001']);
  });

  it('searches from an agent of the team, and refuses one outside it', async () => {
    const julien = await get('/temp_cgps?fromAgent=CGP0002&pagination=false', world.claire);
    expect(sponsors(julien.body)).toEqual(['CGP0002']);
    for (const fromAgent of ['CGP0099', 'CGP0098', 'CGP0003', 'CGP9999']) {
      const response = await get(`/temp_cgps?fromAgent=${fromAgent}`, world.claire);
      expect(response.status, fromAgent).toBe(403);
      expect(response.body['hydra:description']).toBe('Accès refusé.');
    }
    // Lucas reaches only himself, who sponsors no one; not his sponsor's team.
    expect(sponsors((await get('/temp_cgps?fullName=mart', lucas)).body)).toEqual([]);
    expect((await get('/temp_cgps?fromAgent=CGP0002', lucas)).status).toBe(403);
    expect((await get('/temp_cgps?fromAgent=CGP0001', lucas)).status).toBe(403);
  });

  it('gives staff the sponsors of the network, or of one team', async () => {
    const network = await get('/temp_cgps?fullName=mar&pagination=false', world.staff);
    expect(network.status).toBe(200);
    expect(sponsors(network.body)).toEqual(['CGP0099', 'CGP0001']);
    const oliviers = await get('/temp_cgps?fromAgent=CGP0099', world.staff);
    expect(sponsors(oliviers.body)).toEqual(['CGP0099']);
    const unknown = await get('/temp_cgps?fromAgent=CGP9999', world.staff);
    expect(unknown.status).toBe(200);
    expect(sponsors(unknown.body)).toEqual([]);
  });

  it("keeps to the contract's bounds", async () => {
    const long = await get(`/temp_cgps?fullName=${'a'.repeat(121)}`, world.claire);
    expect(long.status).toBe(400);
    const empty = await get('/temp_cgps?fromAgent=', world.claire);
    expect(empty.status).toBe(400);
  });
});
