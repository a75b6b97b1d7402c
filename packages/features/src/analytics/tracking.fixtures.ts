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

/** Each figure's answer, the same for the network and for one user. */
const figure =
  <T>(body: () => T) =>
  ({ request }: { request: Request }) => {
    record(request);
    return body();
  };
const topPages = () =>
  hydraCollection([
    { name: 'Mes clients', path: '/my-customers', value: 9 },
    { name: 'Actualités', path: '/news', value: 4 },
  ]);
const failed = () => HttpResponse.json({ 'hydra:description': 'boom' }, { status: 500 });
const devices = () =>
  hydraCollection([
    { name: 'PC', device: 'PC' as const, value: 5 },
    { name: 'Smartphone', device: 'Smartphone' as const, value: 2 },
    { name: 'Tablette', device: 'Tablette' as const, value: 0 },
  ]);
const connectionsTotal = () => ({ unique: 3, total: 7 });
const connectionDays = () =>
  hydraCollection(days.map((date, i) => ({ date, unique: i, total: i * 2 })));
const pageDays = () => hydraCollection(days.map((date, i) => ({ name: date, date, value: i + 1 })));
const clicks = () => hydraCollection([{ name: 'Exporter', path: '/my-customers', value: 3 }]);
const documents = () => hydraCollection([{ name: 'Guide.pdf', path: '/library', value: 2 }]);

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
  apiHandler('get', '/tracking/top/pages', figure(topPages)),
  apiHandler('get', '/tracking/top/documents', figure(failed)),
  apiHandler('get', '/tracking/devices', figure(devices)),
  apiHandler('get', '/tracking/connections/total', figure(connectionsTotal)),
  apiHandler('get', '/tracking/connections/days', figure(connectionDays)),
  apiHandler('get', '/tracking/pages/week', figure(pageDays)),
  apiHandler('get', '/tracking/pages/clicks', figure(clicks)),
  apiHandler('get', '/tracking/documents', figure(documents)),
  // One user's figures: the same ones.
  apiHandler('get', '/tracking/users/{id}/top/pages', figure(topPages)),
  apiHandler('get', '/tracking/users/{id}/top/documents', figure(failed)),
  apiHandler('get', '/tracking/users/{id}/devices', figure(devices)),
  apiHandler('get', '/tracking/users/{id}/connections/total', figure(connectionsTotal)),
  apiHandler('get', '/tracking/users/{id}/connections/days', figure(connectionDays)),
  apiHandler('get', '/tracking/users/{id}/pages/week', figure(pageDays)),
  apiHandler('get', '/tracking/users/{id}/pages/clicks', figure(clicks)),
  apiHandler('get', '/tracking/users/{id}/documents', figure(documents)),
];
