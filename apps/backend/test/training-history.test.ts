import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingModels } from '../src/db/schema.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { insertParticipations } from './helpers/participations.js';

/** Claire's own history: a training and an event in 2025, a training in 2024 not validated. */
let ctx: TestContext;
let claire: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertParticipations(ctx.db);
  claire = await ctx.login('claire.martin@reseau-patrimoine.fr');
});
afterAll(() => ctx?.close());

const get = (path: string, token = claire) => ctx.trainingApi('GET', path, { token });
const names = (body: { 'hydra:member': { training: string | null; event: string | null }[] }) =>
  body['hydra:member'].map((row) => row.training ?? row.event);

describe('GET /api/users/me/training-history', () => {
  it('gives the caller his own participations only, newest first', async () => {
    const response = await get('/api/users/me/training-history');
    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual([
      'Convention annuelle du réseau',
      'Fiscalité du patrimoine',
      'Conformité DDA',
    ]);
    expect(response.body['hydra:member'][0]).toMatchObject({
      training: null,
      event: 'Convention annuelle du réseau',
      city: 'Paris',
      date: '2025-06-20',
      status_participant: 'HOST',
      status_inscription: 'Inscrit',
      isValidated: true,
      year: 2025,
    });
  });

  it('filters by exercice, models, city, role and validation', async () => {
    const models = await ctx.db.select().from(trainingModels);
    const id = (name: string) => models.find((m) => m.name === name)!.id;
    expect(names((await get('/api/users/me/training-history?year=2024')).body)).toEqual([
      'Conformité DDA',
    ]);
    expect(
      names(
        (
          await get(
            `/api/users/me/training-history?model[]=${id('Conformité DDA')}&model[]=${id('Fiscalité du patrimoine')}`,
          )
        ).body,
      ),
    ).toEqual(['Fiscalité du patrimoine', 'Conformité DDA']);
    expect(names((await get('/api/users/me/training-history?city=NAN')).body)).toEqual([
      'Conformité DDA',
    ]);
    expect(names((await get('/api/users/me/training-history?role=HOST')).body)).toEqual([
      'Convention annuelle du réseau',
    ]);
    expect(names((await get('/api/users/me/training-history?isValidated=false')).body)).toEqual([
      'Conformité DDA',
    ]);
  });

  it("shows nothing of another agent's, and nothing to a user who is not an agent", async () => {
    const julien = await ctx.login('julien.lefebvre@reseau-patrimoine.fr');
    expect((await get('/api/users/me/training-history', julien)).body['hydra:totalItems']).toBe(2);
    const admin = await ctx.login('admin@reseau-patrimoine.fr');
    expect((await get('/api/users/me/training-history', admin)).body['hydra:totalItems']).toBe(0);
  });

  it('answers bad input with a 400', async () => {
    for (const query of ['year=abc', 'role=BOSS', 'model[]=x', 'isValidated=oui', 'page=0']) {
      expect((await get(`/api/users/me/training-history?${query}`)).status, query).toBe(400);
    }
  });
});

describe('GET /api/users/me/training-history/total and /export', () => {
  it('counts the validated trainings of the exercice, events and unvalidated ones aside', async () => {
    const total = await get('/api/users/me/training-history/total?year=2025');
    expect(total.body).toEqual({ total: 1, year: 2025, recommended: 10 });
    expect((await get('/api/users/me/training-history/total?year=2024')).body.total).toBe(0);
  });

  it('exports the filtered history as mes_formation.xlsx', async () => {
    const response = await get('/api/users/me/training-history/export?year=2025');
    expect(response.status).toBe(200);
    expect(String(response.headers['content-disposition'])).toContain(
      'filename="mes_formation.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.raw as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.actualRowCount - 1).toBe(2);
    expect(sheet.getCell('A1').value).toBe('Exercice');
    const lucas = await ctx.login('lucas.petit@reseau-patrimoine.fr');
    expect((await get('/api/users/me/training-history/export', lucas)).status).toBe(403);
  });
});
