import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen, useMockApi } from '../testing';
import { HeaderNotificationBell } from './header-bell';

let failMarking = false;
const marked: unknown[] = [];

describe('header bell', () => {
  useMockApi(
    http.get('*/notification_lists', () =>
      HttpResponse.json({
        'hydra:member': [
          {
            '@id': '/notification_lists/9',
            '@type': 'NotificationList',
            id: 9,
            readByUser: false,
            notification: {
              id: 3,
              title: 'Réunion réseau',
              description: null,
              urlLink: null,
              createdAt: '2026-01-10T09:00:00.000Z',
              expireAt: null,
            },
          },
        ],
        'hydra:totalItems': 1,
      }),
    ),
    http.post('*/notification_lists/user', async ({ request }) => {
      marked.push(await request.json());
      return failMarking
        ? HttpResponse.json({ 'hydra:description': 'Service indisponible' }, { status: 503 })
        : new HttpResponse(null, { status: 204 });
    }),
  );

  it('puts the entry back and says why when marking fails', async () => {
    failMarking = true;
    const user = userEvent.setup();
    renderScreen(<HeaderNotificationBell />, { session: { email: 'claire@exemple.fr' } });
    await user.click(await screen.findByRole('button', { name: /Notifications, 1 non lue/ }));
    await user.click(await screen.findByRole('button', { name: 'Tout marquer comme lu' }));
    expect(await screen.findByText(/Service indisponible/)).toBeInTheDocument();
    expect(marked).toEqual([{ notificationListIds: [9] }]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Notifications, 1 non lue/ })).toBeInTheDocument(),
    );
    expect(within(document.body).getByText('Réunion réseau')).toBeInTheDocument();
  });
});
