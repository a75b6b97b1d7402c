import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/context.js';
import { insertRegistration, STEP_LABELS } from './helpers/registrations.js';

/**
 * Claire (CGP0001) sponsors Julien (CGP0002) who sponsors Lucas (CGP0004); Paul (CGP0003) is
 * outside her team. Each follows one registration.
 */
let ctx: TestContext;
let staff: string;
let claire: string;
let julien: string;
const ids: Record<string, number> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  ids.arnaud = await insertRegistration(ctx.db, {
    firstName: 'Zoé',
    lastName: 'Arnaud',
    sponsorCgp: 'CGP0001',
    step: 3,
  });
  ids.bertin = await insertRegistration(ctx.db, {
    firstName: 'Yann',
    lastName: 'Bertin',
    sponsorCgp: 'CGP0002',
    step: 7,
  });
  ids.colin = await insertRegistration(ctx.db, {
    firstName: 'Xavier',
    lastName: 'Colin',
    sponsorCgp: 'CGP0004',
    step: 13,
  });
  ids.dumas = await insertRegistration(ctx.db, {
    firstName: 'Wendy',
    lastName: 'Dumas',
    sponsorCgp: 'CGP0003',
    step: 1,
  });
  staff = await ctx.login('admin@reseau-patrimoine.fr');
  claire = await ctx.login('claire.martin@reseau-patrimoine.fr');
  julien = await ctx.login('julien.lefebvre@reseau-patrimoine.fr');
});
afterAll(() => ctx?.close());

const get = (path: string, token: string) => ctx.api('GET', path, { token });
const names = (body: { 'hydra:member': { lastName: string }[] }) =>
  body['hydra:member'].map((row) => row.lastName);

describe('GET /reporting_inscriptions and /reporting_inscriptions/consultants', () => {
  it('gives an agent the registrations he sponsors, then those of his whole team', async () => {
    const direct = await get('/reporting_inscriptions', claire);
    expect(direct.status).toBe(200);
    expect(names(direct.body)).toEqual(['Arnaud']);
    expect(direct.body['hydra:member'][0]).toMatchObject({
      id: ids.arnaud,
      firstName: 'Zoé',
      step: 3,
      stepName: 'Étape 3',
      stepStatus: 'En cours',
      document: null,
      documentStatut: null,
      sponsorFirstName: 'Claire',
      sponsorLastName: 'Martin',
    });
    const team = await get('/reporting_inscriptions/consultants', claire);
    expect(names(team.body)).toEqual(['Arnaud', 'Bertin', 'Colin']);
    expect(team.body['hydra:member'][1]).toMatchObject({
      step: 7,
      document: 'Pièce 7',
      documentStatut: 'manquant',
      sponsorLastName: 'Lefebvre',
    });
    expect(team.body['hydra:member'][2]).toMatchObject({ step: 13, stepStatus: 'Terminé' });

    expect(names((await get('/reporting_inscriptions', julien)).body)).toEqual(['Bertin']);
    expect(names((await get('/reporting_inscriptions/consultants', julien)).body)).toEqual([
      'Bertin',
      'Colin',
    ]);
  });

  it('gives staff every registration', async () => {
    expect(names((await get('/reporting_inscriptions/consultants', staff)).body)).toEqual([
      'Arnaud',
      'Bertin',
      'Colin',
      'Dumas',
    ]);
  });

  it('filters by name, sponsor and step, and never beyond the team', async () => {
    const team = '/reporting_inscriptions/consultants';
    expect(names((await get(`${team}?lastName=ERT`, claire)).body)).toEqual(['Bertin']);
    expect(names((await get(`${team}?firstName=xav`, claire)).body)).toEqual(['Colin']);
    expect(names((await get(`${team}?sponsor=lefebvre julien`, claire)).body)).toEqual(['Bertin']);
    expect(names((await get(`${team}?step=13`, claire)).body)).toEqual(['Colin']);
    // Paul's registration stays out, whatever the filter.
    expect(names((await get(`${team}?sponsor=durand`, claire)).body)).toEqual([]);
    expect(names((await get(`${team}?lastName=dumas`, claire)).body)).toEqual([]);
  });

  it('sorts and pages by the sizes the page offers', async () => {
    const team = '/reporting_inscriptions/consultants';
    const byStep = await get(`${team}?order[step]=desc`, staff);
    expect(names(byStep.body)).toEqual(['Colin', 'Bertin', 'Arnaud', 'Dumas']);
    const bySponsor = await get(`${team}?order[sponsor]=asc`, staff);
    // Durand, Lefebvre, Martin, Petit.
    expect(names(bySponsor.body)).toEqual(['Dumas', 'Bertin', 'Arnaud', 'Colin']);
    const paged = await get(`${team}?itemsPerPage=5&page=1`, staff);
    expect(paged.body['hydra:totalItems']).toBe(4);
  });

  it('answers bad input with a French 400', async () => {
    for (const query of ['itemsPerPage=7', 'step=14', 'step=abc', 'order[step]=up', 'page=0']) {
      const response = await get(`/reporting_inscriptions/consultants?${query}`, claire);
      expect(response.status, query).toBe(400);
    }
    const nul = await get('/reporting_inscriptions?lastName=a%00b', claire);
    expect(nul.status).toBe(400);
  });
});

describe('GET /reporting_inscriptions/steps and /reporting_inscriptions/{id}', () => {
  it('lists the 13 steps in order', async () => {
    const steps = await get('/reporting_inscriptions/steps', claire);
    expect(steps.body['hydra:member'].map((s: { label: string }) => s.label)).toEqual(STEP_LABELS);
  });

  it("gives one registration's 13 steps inside the team, a 404 beyond", async () => {
    const detail = await get(`/reporting_inscriptions/${ids.bertin}`, claire);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ lastName: 'Bertin', step: 7, sponsorLastName: 'Lefebvre' });
    const statuses = detail.body.steps.map((s: { status: string }) => s.status);
    expect(statuses).toEqual([
      ...Array(6).fill('Terminé'),
      'En cours',
      ...Array(6).fill('En attente'),
    ]);
    expect(detail.body.steps[6]).toMatchObject({ document: 'Pièce 7', documentStatut: 'manquant' });
    expect((await get(`/reporting_inscriptions/${ids.dumas}`, claire)).status).toBe(404);
    expect((await get(`/reporting_inscriptions/${ids.arnaud}`, julien)).status).toBe(404);
    expect((await get('/reporting_inscriptions/999999', claire)).status).toBe(404);
    expect((await get(`/reporting_inscriptions/${ids.dumas}`, staff)).status).toBe(200);
  });
});
