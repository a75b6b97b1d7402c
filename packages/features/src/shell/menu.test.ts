import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { activeMenuHref, buildMenu } from './menu';
import type { AppRoute } from './routes';

const page: AppRoute['page'] = lazy(async () => ({ default: () => null }));
const routes: AppRoute[] = [
  { path: '/', component: 'home_page', title: 'Accueil', menu: { section: 'main' }, page },
  { path: '/news', component: 'news_page', title: 'Actualités', menu: { section: 'main' }, page },
  { path: '/news/:id', component: 'news_details_page', title: 'Actualité', page },
  {
    path: '/my/account',
    component: null,
    title: 'Mon compte',
    menu: { section: 'me', label: 'Compte' },
    page,
  },
];
const sections = [{ id: 'main' }, { id: 'me', title: 'Mon espace' }];
const links = [{ name: 'doc', url: 'https://exemple.fr/doc', displayName: 'Documentation' }];

describe('buildMenu', () => {
  it('shows an agent the agent menu items whose component he holds, then his links', () => {
    const menu = buildMenu(
      { roles: ['ROLE_MANDATAIRE'], components: ['news_page'], menuLinks: links },
      { app: 'agent', routes, sections },
    );
    expect(menu).toEqual([
      {
        id: 'main',
        title: undefined,
        items: [{ id: '/news', label: 'Actualités', href: '/news' }],
      },
      {
        id: 'me',
        title: 'Mon espace',
        items: [{ id: '/my/account', label: 'Compte', href: '/my/account' }],
      },
      {
        id: 'menu-links',
        title: 'Liens utiles',
        items: [
          {
            id: 'link-doc',
            label: 'Documentation',
            href: 'https://exemple.fr/doc',
            external: true,
          },
        ],
      },
    ]);
  });

  it('gives no agent menu to roles without ROLE_MANDATAIRE', () => {
    const menu = buildMenu(
      { roles: ['ROLE_ADMIN'], components: ['home_page', 'news_page'], menuLinks: [] },
      { app: 'agent', routes, sections },
    );
    expect(menu).toEqual([]);
  });
});

describe('activeMenuHref', () => {
  const menu = buildMenu(
    { roles: ['ROLE_MANDATAIRE'], components: ['home_page', 'news_page'], menuLinks: [] },
    { app: 'agent', routes, sections },
  );
  it.each([
    ['/', '/'],
    ['/news', '/news'],
    ['/news/12', '/news'],
    ['/newsletter', undefined],
  ])('%s → %s', (location, href) => expect(activeMenuHref(menu, location)).toBe(href));
});
