import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ButtonLink } from './button-link';

const meta = {
  title: 'Actions/ButtonLink',
  component: ButtonLink,
  args: {
    href: '/news/new',
    children: 'Créer une actualité',
    onNavigate: fn((event: { preventDefault: () => void }) => event.preventDefault()),
  },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof ButtonLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: 'Créer une actualité' });
    await expect(link).toHaveAttribute('href', '/news/new');
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onNavigate).toHaveBeenCalledOnce();
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Retour à la liste' } };

export const Small: Story = { args: { size: 'sm', variant: 'ghost', children: 'Voir tout' } };
