import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/context.js';
import { insertParticipations } from './helpers/participations.js';

/**
 * Claire (CGP0001) sponsors Julien (CGP0002) who sponsors Lucas (CGP0004); Paul (CGP0003) is
 * outside her team. Three sessions of the demo's training models, and who took part.
 */
let ctx: TestContext;
let staff: string;
let claire: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertParticipations(ctx.db);
  staff = await ctx.login('admin@reseau-patrimoine.fr');
  claire = await ctx.login('claire.martin@reseau-patrimoine.fr');
});
afterAll(() => ctx?.close());

const get = (path: string, token = claire) => ctx.api('GET', path, { token });
type EventRow = { consultant: { idCgp: string }; dateDebut: string; formation: string | null };
const who = (body: { 'hydra:member': EventRow[] }) =>
  body['hydra:member'].map((row) => `${row.consultant.idCgp} ${row.dateDebut}`);

describe('GET /events/team', () => {
  it("gives an agent his own and his downline's participations, newest session first", async () => {
    const response = await get('/events/team');
    expect(response.status).toBe(200);
    expect(response.body['hydra:totalItems']).toBe(6);
    // Same session: by name (Lefebvre, Martin, Petit).
    expect(who(response.body)).toEqual([
      'CGP0002 2025-06-20',
      'CGP0001 2025-06-20',
      'CGP0002 2025-03-10',
      'CGP0001 2025-03-10',
      'CGP0001 2024-02-01',
      'CGP0004 2024-02-01',
    ]);
    const first = response.body['hydra:member'][1];
    expect(first).toMatchObject({
      exercice: 2025,
      consultant: { fullName: 'Claire Martin', idCgp: 'CGP0001' },
      parrain: null,
      formation: null,
      event: 'Convention annuelle du réseau',
      ville: 'Paris',
      statutParticipant: 'HOST',
      statutInscription: 'Inscrit',
      validationFormation: true,
    });
    expect(response.body['hydra:member'][0].parrain).toBe('Claire Martin');
  });

  it('filters by exercice, status, validation, city, training, event and agent', async () => {
    const count = async (query: string) =>
      (await get(`/events/team?${query}`)).body['hydra:totalItems'];
    expect(await count('exercice=2025')).toBe(4);
    expect(await count('statut_participant=HOST')).toBe(1);
    expect(await count('validationFormation=false')).toBe(1);
    expect(await count('validationFormation=true')).toBe(5);
    expect(await count('ville=LYO')).toBe(2);
    expect(await count('formation=fisc')).toBe(2);
    expect(await count('event=convention')).toBe(2);
    expect(await count('statut_inscription=Annulé')).toBe(1);
    expect(await count('bddConsultant.idCgp=CGP0004')).toBe(1);
    // Outside her team nothing comes back, whatever the filter.
    expect(await count('bddConsultant.idCgp=CGP0003')).toBe(0);
  });

  it("reaches a downline agent's team, refuses beyond, gives staff the network", async () => {
    expect(who((await get('/events/team?cgpId=CGP0002')).body)).toEqual([
      'CGP0002 2025-06-20',
      'CGP0002 2025-03-10',
      'CGP0004 2024-02-01',
    ]);
    const beyond = await get('/events/team?cgpId=CGP0003');
    expect(beyond.status).toBe(403);
    expect(beyond.body['hydra:description']).toBe('Accès refusé.');
    expect((await get('/events/team', staff)).body['hydra:totalItems']).toBe(8);
    expect((await get('/events/team?cgpId=CGP0003', staff)).body['hydra:totalItems']).toBe(2);
  });

  it('pages by 25 and sorts by consultant or city', async () => {
    const byCity = await get('/events/team?order[ville]=asc');
    expect(byCity.body['hydra:member'].map((r: { ville: string }) => r.ville)).toEqual([
      'Lyon',
      'Lyon',
      'Nantes',
      'Nantes',
      'Paris',
      'Paris',
    ]);
    const paged = await get('/events/team?itemsPerPage=4&page=2');
    expect(paged.body['hydra:member']).toHaveLength(2);
    const past = await get('/events/team?page=9');
    expect(past.body['hydra:member']).toEqual([]);
    expect(past.body['hydra:totalItems']).toBe(6);
  });

  it('answers bad input with a 400, never a 500', async () => {
    for (const query of [
      'exercice=abc',
      'statut_participant=BOSS',
      'validationFormation=peut-être',
      'order[ville]=up',
      'page=0',
      `ville=${'x'.repeat(121)}`,
      'ville=a%00b',
    ]) {
      expect((await get(`/events/team?${query}`)).status, query).toBe(400);
    }
    // LIKE wildcards are matched as text.
    expect((await get('/events/team?ville=%25')).body['hydra:totalItems']).toBe(0);
  });
});

describe('GET /events/count', () => {
  it('counts trainings and events per agent of the team, most trainings first', async () => {
    const response = await get('/events/count');
    expect(response.status).toBe(200);
    expect(response.body['hydra:totalItems']).toBe(3);
    expect(
      response.body['hydra:member'].map(
        (r: { idCgp: string; formations: number; events: number; total: number }) => [
          r.idCgp,
          r.formations,
          r.events,
          r.total,
        ],
      ),
    ).toEqual([
      ['CGP0001', 2, 1, 3],
      ['CGP0002', 1, 1, 2],
      ['CGP0004', 1, 0, 1],
    ]);
    const validated = await get('/events/count?validationFormation=true&exercice=2025');
    // One training and one event each: by name.
    expect(validated.body['hydra:member'].map((r: { idCgp: string }) => r.idCgp)).toEqual([
      'CGP0002',
      'CGP0001',
    ]);
    expect((await get('/events/count?cgpId=CGP0099')).status).toBe(403);
  });
});

async function sheetOf(raw: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(raw as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('team training exports', () => {
  it('exports the counts and the details with the same filters', async () => {
    const counts = await get('/cgps/export/events?exercice=2025');
    expect(counts.status).toBe(200);
    expect(String(counts.headers['content-disposition'])).toMatch(/filename="formation_equipe_/);
    const countSheet = await sheetOf(counts.raw);
    expect(countSheet.getCell('A1').value).toBe('Consultant');
    expect(countSheet.actualRowCount - 1).toBe(2);

    const details = await get('/cgps/export/eventsDetails?statut_participant=HOST');
    const sheet = await sheetOf(details.raw);
    expect(sheet.actualRowCount - 1).toBe(1);
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    expect(sheet.getCell(2, headers.indexOf('Statut participant') + 1).value).toBe('Animateur');
    expect((await get('/cgps/export/eventsDetails?cgpId=CGP0003')).status).toBe(403);
  });

  it('is refused without the export component', async () => {
    const lucas = await ctx.login('lucas.petit@reseau-patrimoine.fr');
    expect((await get('/cgps/export/events', lucas)).status).toBe(403);
    expect((await get('/events/count', lucas)).status).toBe(200);
  });
});
