import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Sidebar, type SidebarSection } from './sidebar';

const sections: SidebarSection[] = [
  {
    id: 'main',
    items: [
      { id: 'home', label: 'Accueil', href: '/' },
      { id: 'account', label: 'Mon compte', href: '/my/account' },
    ],
  },
  {
    id: 'admin',
    title: 'Administration',
    items: [
      { id: 'users', label: 'Utilisateurs', href: '/administration/users' },
      { id: 'portail', label: 'Portail', href: '/administration/portail' },
    ],
  },
  {
    id: 'links',
    title: 'Liens',
    items: [
      {
        id: 'documentation',
        label: 'Documentation',
        href: 'https://www.exemple.fr/documentation',
        external: true,
      },
    ],
  },
];

const meta = {
  title: 'Navigation/Sidebar',
  component: Sidebar,
  args: { sections, activeHref: '/administration/users' },
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Utilisateurs' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('link', { name: 'Accueil' })).not.toHaveAttribute('aria-current');
    await expect(canvas.getByRole('list', { name: 'Administration' })).toBeInTheDocument();
  },
};

export const ExternalLink: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Documentation (nouvel onglet)' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  },
};

/** Below the md breakpoint the menu hides behind a button; Escape closes it. */
export const SmallScreen: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Accueil' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(toggle).toHaveFocus());
  },
};

export const EmptySectionsHidden: Story = {
  args: {
    sections: [
      { id: 'empty', title: 'Statistiques', items: [] },
      { id: 'main', items: [{ id: 'home', label: 'Accueil', href: '/' }] },
    ],
    activeHref: '/',
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('Statistiques')).not.toBeInTheDocument();
  },
};
