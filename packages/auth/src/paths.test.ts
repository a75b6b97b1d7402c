import { describe, expect, it } from 'vitest';
import { audienceOf, handoffTarget, homePath, menuAudience, safeRelativePath } from './paths';

describe('safeRelativePath', () => {
  it.each([
    ['/my/account?tab=2#x', '/my/account?tab=2#x'],
    ['/news/12', '/news/12'],
  ])('keeps %s', (input, expected) => expect(safeRelativePath(input)).toBe(expected));

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'news',
    '/login',
    '/logout',
    '/reset-password/abc',
    '',
    null,
  ])('refuses %s', (input) => expect(safeRelativePath(input)).toBeNull());
});

describe('homePath', () => {
  const pages = [
    { path: '/' },
    { path: '/my/account', component: 'account_page' },
    { path: '/administration/users', component: 'users_page' },
  ];
  it('is the first page whose component the user holds', () => {
    expect(homePath({ components: ['users_page', 'account_page'] }, pages)).toBe('/my/account');
    expect(homePath({ components: ['users_page'] }, pages)).toBe('/administration/users');
  });
  it('falls back to the root', () => expect(homePath({ components: [] }, pages)).toBe('/'));
  it('skips routes with a parameter', () => {
    const withDetail = [{ path: '/news/:id', component: 'news_page' }, ...pages];
    expect(homePath({ components: ['news_page'] }, withDetail)).toBe('/');
    expect(homePath({ components: ['news_page', 'users_page'] }, withDetail)).toBe(
      '/administration/users',
    );
  });
});

describe('audienceOf', () => {
  it('sends Mandataire profiles to the agent portal and the others to the staff console', () => {
    expect(audienceOf({ profileType: 'Mandataire' })).toBe('agent');
    expect(audienceOf({ profileType: 'Hubnup' })).toBe('staff');
  });
});

describe('menuAudience', () => {
  it('gives the agent menu to roles containing ROLE_MANDATAIRE, the staff menu otherwise', () => {
    expect(menuAudience({ roles: ['ROLE_MANDATAIRE'] })).toBe('agent');
    expect(menuAudience({ roles: ['ROLE_MANDATAIRE - MANAGER'] })).toBe('agent');
    expect(menuAudience({ roles: ['ROLE_ADMIN'] })).toBe('staff');
    expect(menuAudience({ roles: ['ROLE_DISABLED'] })).toBe('staff');
  });
});

describe('handoffTarget', () => {
  const pages = [
    { path: '/accueil', component: 'staff_home_page' },
    { path: '/redirect/:sso', component: 'staff_home_page' },
    { path: '/customers/:id', component: 'customers_detail_page' },
  ];
  const staff = { components: ['staff_home_page'] };
  it('opens the page asked for in the other app, with its query', () => {
    const helpdesk = '/redirect/helpdesk?client_id=c&state=s&nonce=n&redirect_uri=https%3A%2F%2Fx';
    expect(handoffTarget(staff, pages, helpdesk)).toBe(helpdesk);
  });
  it.each([
    ['a page this app lacks', '/my-customers'],
    ['a page whose component is not held', '/customers/12'],
    ['an empty parameter', '/redirect/'],
    ['another origin', '//evil.example/redirect/x'],
    ['a malformed escape', '/acc%E0%A4%Aueil'],
    ['nothing', null],
  ])('goes home for %s', (_, wanted) =>
    expect(handoffTarget(staff, pages, wanted)).toBe('/accueil'),
  );
});
