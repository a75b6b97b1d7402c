import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, apiHandler, renderScreen, useMockApi } from '../testing';
import { StaffHome } from './staff-home';

const links = [{ href: '/customers', label: 'Clients', component: 'customers_page' }];

describe('the staff home', () => {
  // The welcome panel's user: not what these tests are about.
  useMockApi(apiHandler('get', '/me', () => apiError(500, 'Indisponible')));

  it('offers the training portal, in a new tab, to holders of sso_odysseal', () => {
    renderScreen(<StaffHome links={links} trainingHref="/redirect/odysseal" />, {
      app: 'staff',
      components: ['staff_home_page', 'sso_odysseal'],
    });
    const link = screen.getByRole('link', { name: /Ouvrir le portail de formation/ });
    expect(link).toHaveAttribute('href', '/redirect/odysseal');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: 'Clients' })).toBeNull();
  });

  it('leaves it out for the others', () => {
    renderScreen(<StaffHome links={links} trainingHref="/redirect/odysseal" />, {
      app: 'staff',
      components: ['staff_home_page', 'customers_page'],
    });
    expect(screen.getByRole('link', { name: /Clients/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: /portail de formation/ })).toBeNull();
  });
});
