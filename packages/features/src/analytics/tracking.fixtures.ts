import { HttpResponse } from 'msw';
import { apiHandler, hydraCollection } from '../testing';

/** The calls the screens made, `GET /path?query`, for the tests to read. */
export const trackingCalls: string[] = [];
const record = (request: Request) => {
  const url = new URL(request.url);
  trackingCalls.push(`GET ${url.pathname}${url.search}`);
};

const days = ['2026-03-01', '2026-03-02', '2026-03-03'];

export const trackingUsers = [
  { id: 7, lastName: 'Martin', firstName: 'Claire', email: 'claire.martin@exemple.fr' },
  { id: 8, lastName: 'Petit', firstName: 'Lucas', email: 'lucas.petit@exemple.fr' },
].map((user) => ({
  '@id': `/tracking/users/${user.id}`,
  '@type': 'TrackingUser' as const,
  ...user,
  lastConnection: '2026-03-03T09:00:00Z',
}));

/** The MSW handlers of the analytics screens: fixed figures, each call recorded. */
export const analyticsHandlers = [
  apiHandler('get', '/tracking/users', ({ request }) => {
    record(request);
    return hydraCollection(trackingUsers);
  }),
  apiHandler('get', '/tracking/users/{id}', ({ request, params }) => {
    record(request);
    const user = trackingUsers.find((row) => row.id === Number(params.id));
    return user ?? HttpResponse.json({ 'hydra:description': 'Not Found' }, { status: 404 });
  }),
  apiHandler('get', '/tracking/top/consultants', ({ request }) => {
    record(request);
    return hydraCollection([{ name: '7', displayName: 'Claire Martin', value: 12 }]);
  }),
  apiHandler('get', '/tracking/top/pages', ({ request }) => {
    record(request);
    return hydraCollection([
      { name: 'Mes clients', path: '/my-customers', value: 9 },
      { name: 'Actualités', path: '/news', value: 4 },
    ]);
  }),
  apiHandler('get', '/tracking/top/documents', ({ request }) => {
    record(request);
    return HttpResponse.json({ 'hydra:description': 'boom' }, { status: 500 });
  }),
  apiHandler('get', '/tracking/devices', ({ request }) => {
    record(request);
    return hydraCollection([
      { name: 'PC', device: 'PC' as const, value: 5 },
      { name: 'Smartphone', device: 'Smartphone' as const, value: 2 },
      { name: 'Tablette', device: 'Tablette' as const, value: 0 },
    ]);
  }),
  apiHandler('get', '/tracking/connections/total', ({ request }) => {
    record(request);
    return { unique: 3, total: 7 };
  }),
  apiHandler('get', '/tracking/connections/days', ({ request }) => {
    record(request);
    return hydraCollection(days.map((date, i) => ({ date, unique: i, total: i * 2 })));
  }),
  apiHandler('get', '/tracking/pages/week', ({ request }) => {
    record(request);
    return hydraCollection(days.map((date, i) => ({ name: date, date, value: i + 1 })));
  }),
  apiHandler('get', '/tracking/pages/clicks', ({ request }) => {
    record(request);
    return hydraCollection([{ name: 'Exporter', path: '/my-customers', value: 3 }]);
  }),
  apiHandler('get', '/tracking/documents', ({ request }) => {
    record(request);
    return hydraCollection([{ name: 'Guide.pdf', path: '/library', value: 2 }]);
  }),
];
