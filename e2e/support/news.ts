import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import { DEMO_PASSWORD, E2E } from './ports';

/** A token of a demo account, for setting data up and cleaning it away through the API. */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post(`${E2E.mainApi}/token`, {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface ApiNews {
  '@id': string;
  id: number;
  title: string;
  date: string;
  content: string;
  displayed: boolean;
  hasPopup: boolean;
  sliderDisplayed: boolean;
}

/** The first image of the bank (the seed has some), as an IRI. */
export async function anyImageIri(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get(`${E2E.mainApi}/image_banks`, { headers: bearer(token) });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { 'hydra:member': { '@id': string }[] };
  expect(body['hydra:member'].length).toBeGreaterThan(0);
  return body['hydra:member'][0]!['@id'];
}

export async function createNewsApi(
  request: APIRequestContext,
  token: string,
  fields: Partial<Omit<ApiNews, '@id' | 'id'>> & { title: string },
): Promise<ApiNews> {
  const response = await request.post(`${E2E.mainApi}/news`, {
    headers: bearer(token),
    data: {
      date: new Date().toISOString().slice(0, 10),
      content: '<p>Contenu de test.</p>',
      displayed: true,
      hasPopup: false,
      sliderDisplayed: false,
      imageBank: await anyImageIri(request, token),
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ApiNews;
}

export async function listNewsApi(
  request: APIRequestContext,
  token: string,
  params: Record<string, string>,
): Promise<ApiNews[]> {
  const response = await request.get(`${E2E.mainApi}/news`, { headers: bearer(token), params });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { 'hydra:member': ApiNews[] })['hydra:member'];
}

/** Deletes news made by a test (and their read states), whatever happened in it. */
export async function deleteNewsApi(
  request: APIRequestContext,
  token: string,
  ids: number[],
): Promise<void> {
  for (const id of ids) {
    await request.delete(`${E2E.mainApi}/news/${id}`, { headers: bearer(token) });
  }
}

/** A title no other test or seed uses. */
export const uniqueTitle = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
