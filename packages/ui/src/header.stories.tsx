import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from './button';
import { Header } from './header';

const meta = {
  title: 'Navigation/Header',
  component: Header,
  parameters: { layout: 'fullscreen' },
  args: {
    brand: <a href="/">Espace mandataire</a>,
    versionLabel: 'v1.0.17',
    user: { name: 'Claire Martin' },
    notifications: (
      <span className="grid size-8 place-items-center rounded-full bg-canvas text-xs">🔔</span>
    ),
  },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

const signOut = fn();
const back = fn();

export const Default: Story = {
  args: {
    actions: (
      <Button variant="ghost" size="sm" onClick={signOut}>
        Se déconnecter
      </Button>
    ),
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('banner')).toHaveTextContent('v1.0.17');
    await expect(canvas.getByTestId('current-user')).toHaveTextContent('Claire Martin');
    await userEvent.click(canvas.getByRole('button', { name: 'Se déconnecter' }));
    await expect(signOut).toHaveBeenCalled();
  },
};

export const WithPicture: Story = {
  args: {
    user: {
      name: 'Sophie Bernard',
      pictureUrl:
        'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"%3E%3Crect width="1" height="1" fill="%231559c7"/%3E%3C/svg%3E',
    },
  },
  play: async ({ canvasElement }) => {
    // The picture is decorative: the name is written next to it.
    await expect(canvasElement.querySelector('img')).toHaveAttribute('alt', '');
  },
};

export const Impersonating: Story = {
  args: {
    actions: (
      <>
        <Button variant="secondary" size="sm" onClick={back}>
          Revenir à ma session
        </Button>
        <Button variant="ghost" size="sm">
          Se déconnecter
        </Button>
      </>
    ),
  },
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Revenir à ma session' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(back).toHaveBeenCalled();
  },
};
