import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MediaCard } from './media-card';

describe('MediaCard', () => {
  it('calls onClick on every click and onNavigate on plain left clicks only', () => {
    const onClick = vi.fn();
    const onNavigate = vi.fn();
    render(<MediaCard title="Titre" href="/x" onClick={onClick} onNavigate={onNavigate} />);
    const link = screen.getByRole('link', { name: 'Titre' });
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link);
    expect(onClick).toHaveBeenCalledTimes(2);
    expect(onNavigate).toHaveBeenCalledOnce();
  });

  it('falls back to a button when there is only onClick, and marks unread in the name', () => {
    render(<MediaCard title="Titre" onClick={() => {}} unread unreadLabel="Non lu" />);
    expect(screen.getByRole('button', { name: 'Non lu Titre' })).toBeInTheDocument();
    expect(screen.getByRole('heading')).toHaveClass('font-bold');
  });
});
