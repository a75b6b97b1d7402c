import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { BellPanel } from './bell-panel';

const meta = {
  title: 'Overlays/BellPanel',
  component: BellPanel,
  args: {
    buttonLabel: 'Messages, 150 non lus',
    badge: '99+',
    title: 'Messages',
    children: ({ close }) => (
      <ul className="divide-y divide-canvas">
        {Array.from({ length: 150 }, (_, i) => (
          <li key={i}>
            <button
              type="button"
              onClick={close}
              className="w-full px-4 py-3 text-left hover:bg-brand-50"
            >
              Message {i + 1}
            </button>
          </li>
        ))}
      </ul>
    ),
  },
  decorators: [(Story) => <div className="flex h-96 justify-end">{Story()}</div>],
} satisfies Meta<typeof BellPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpenWithManyItems: Story = {
  play: async ({ canvas, userEvent }) => {
    const bell = canvas.getByRole('button', { name: 'Messages, 150 non lus' });
    await userEvent.click(bell);
    const panel = await screen.findByTestId('bell-panel');
    await expect(panel).toHaveAccessibleName('Messages');
    // The class is the only max-height: no inline style from a positioning library.
    await expect(panel).toHaveClass('max-h-[60vh]');
    await expect(panel.style.maxHeight).toBe('');
    // Nothing focusable is hidden from assistive technology around the open panel.
    await expect(document.querySelectorAll('[aria-hidden="true"] button')).toHaveLength(0);
    // Tab reaches the scrolling list (keyboard scrolling), then its first item.
    await userEvent.tab();
    await expect(screen.getByRole('region', { name: 'Messages' })).toHaveFocus();
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Message 1' })).toHaveFocus();
  },
};

export const EscapeReturnsFocus: Story = {
  play: async ({ canvas, userEvent }) => {
    const bell = canvas.getByRole('button', { name: 'Messages, 150 non lus' });
    await userEvent.click(bell);
    await screen.findByRole('heading', { name: 'Messages' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Messages' })).not.toBeInTheDocument(),
    );
    await expect(bell).toHaveFocus();
  },
};

export const ItemClosesPanel: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Messages, 150 non lus' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Message 3' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Messages' })).not.toBeInTheDocument(),
    );
  },
};

export const NoBadge: Story = { args: { buttonLabel: 'Messages', badge: '' } };
