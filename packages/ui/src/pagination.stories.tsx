import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { Pagination, type PaginationProps } from './pagination';

const labels: PaginationProps['labels'] = {
  first: 'Première',
  previous: 'Page précédente',
  next: 'Page suivante',
  last: 'Dernière',
  page: (page) => `Page ${page}`,
};

function PaginationDemo(props: Omit<PaginationProps, 'page'> & { initialPage?: number }) {
  const { initialPage = 1, onPageChange, ...rest } = props;
  const [page, setPage] = useState(initialPage);
  return (
    <Pagination
      {...rest}
      page={page}
      onPageChange={(next) => {
        setPage(next);
        onPageChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Navigation/Pagination',
  component: PaginationDemo,
  args: {
    pageCount: 12,
    initialPage: 5,
    label: 'Pagination des actualités',
    labels,
    totalItems: 287,
    formatTotal: (total: number) => `${total} actualités`,
    onPageChange: fn(),
  },
} satisfies Meta<typeof PaginationDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Keyboard: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Pagination des actualités' });
    await expect(nav).toHaveTextContent('287 actualités');
    await expect(canvas.getByRole('button', { name: 'Page 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // 1 … 4 5 6 … 12
    await expect(canvas.getAllByText('…')).toHaveLength(2);

    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Première' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Page 1' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPageChange).toHaveBeenLastCalledWith(1);
    await expect(canvas.getByRole('button', { name: 'Page précédente' })).toBeDisabled();

    await userEvent.click(canvas.getByRole('button', { name: 'Dernière' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(12);
    await expect(canvas.getByRole('button', { name: 'Page 12' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('button', { name: 'Page suivante' })).toBeDisabled();
  },
};

export const FewPages: Story = {
  args: { pageCount: 3, initialPage: 2, totalItems: 45 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('…')).not.toBeInTheDocument();
    await expect(canvas.getAllByRole('button', { name: /^Page \d$/ })).toHaveLength(3);
  },
};

export const SinglePage: Story = {
  args: { pageCount: 1, initialPage: 1, totalItems: 4 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
    await expect(canvas.getByRole('navigation')).toHaveTextContent('4 actualités');
  },
};
