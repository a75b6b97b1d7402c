import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, apiHandler, renderScreen, server, useMockApi } from '../testing';
import { SupportPage } from './support-page';

/** The support requests the mock API received. */
const sent: FormData[] = [];

describe('SupportPage', () => {
  useMockApi(
    apiHandler('get', '/support', () => ({
      supportEmail: 'aide@reseau.fr',
      helpdesk: { title: 'Centre d’aide Réseau', url: 'https://aide.example.fr/login' },
    })),
    apiHandler('post', '/agent_request', async ({ request }) => {
      const body = await request.formData();
      sent.push(body);
      return {
        '@id': '/agent_requests/1',
        '@type': 'AgentRequest' as const,
        id: 1,
        title: String(body.get('title')),
        content: String(body.get('content')),
        attachmentName: null,
        createdAt: '2026-11-25T10:00:00Z',
      };
    }),
  );

  it('gives the support address, the helpdesk and the training portal in new tabs', async () => {
    renderScreen(<SupportPage />, {
      url: '/support',
      components: ['support_page', 'sso_odysseal'],
    });
    expect(screen.getByRole('heading', { name: 'Support', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'aide@reseau.fr' })).toHaveAttribute(
      'href',
      'mailto:aide@reseau.fr',
    );
    const helpdesk = await screen.findByRole('link', { name: /Ouvrir Centre d’aide Réseau/ });
    expect(helpdesk).toHaveAttribute('href', 'https://aide.example.fr/login');
    expect(helpdesk).toHaveAttribute('target', '_blank');
    expect(helpdesk).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: /Ouvrir le portail de formation/ })).toHaveAttribute(
      'href',
      '/redirect/odysseal',
    );
  });

  it('leaves the training portal out without sso_odysseal, and keeps the configured address on failure', async () => {
    server.use(apiHandler('get', '/support', () => apiError(500, 'Panne')));
    renderScreen(<SupportPage />, { url: '/support', components: ['support_page'] });
    expect(await screen.findByText('Une erreur est survenue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:.+@.+/),
    );
    expect(screen.queryByRole('link', { name: /portail de formation/ })).toBeNull();
  });

  it('sends the support request of the account page', async () => {
    const user = userEvent.setup();
    sent.length = 0;
    renderScreen(<SupportPage />, { url: '/support', components: ['support_page'] });
    const card = screen.getByRole('region', { name: "Demande d'assistance" });
    await user.click(within(card).getByRole('button', { name: 'Envoyer' }));
    expect(await within(card).findByText('Ce champ est obligatoire.')).toBeInTheDocument();
    await user.type(within(card).getByRole('textbox', { name: /Titre/ }), 'Accès bloqué');
    await user.type(within(card).getByRole('textbox', { name: 'Message' }), 'Depuis ce matin.');
    await user.click(within(card).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Demande envoyée avec succès.')).toBeInTheDocument();
    expect(sent.at(-1)?.get('title')).toBe('Accès bloqué');
    expect(sent.at(-1)?.get('content')).toBe('Depuis ce matin.');
  });
});
