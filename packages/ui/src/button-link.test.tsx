import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ButtonLink } from './button-link';

describe('ButtonLink', () => {
  it('uses the same variant and size classes as Button', () => {
    render(
      <>
        <Button variant="secondary" size="sm">
          B
        </Button>
        <ButtonLink href="/x" variant="secondary" size="sm">
          L
        </ButtonLink>
      </>,
    );
    const button = screen.getByRole('button').className.split(/\s+/);
    const link = screen.getByRole('link').className.split(/\s+/);
    const shared = button.filter((name) => !name.startsWith('disabled:'));
    expect(link).toEqual(expect.arrayContaining(shared));
  });

  it('hands plain left clicks to onNavigate and leaves modified clicks to the browser', () => {
    const onNavigate = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onClick = vi.fn();
    render(
      <ButtonLink href="/news" onNavigate={onNavigate} onClick={onClick}>
        Actualités
      </ButtonLink>,
    );
    const link = screen.getByRole('link', { name: 'Actualités' });
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { metaKey: true });
    fireEvent.click(link, { shiftKey: true });
    fireEvent.click(link, { button: 1 });
    expect(onNavigate).not.toHaveBeenCalled();
    expect(fireEvent.click(link)).toBe(false); // default prevented by the router
    expect(onNavigate).toHaveBeenCalledOnce();
    expect(onClick).toHaveBeenCalledTimes(5);
  });

  it('does not intercept links opening elsewhere', () => {
    const onNavigate = vi.fn();
    render(
      <ButtonLink href="/doc.pdf" target="_blank" onNavigate={onNavigate}>
        Document
      </ButtonLink>,
    );
    fireEvent.click(screen.getByRole('link'));
    expect(onNavigate).not.toHaveBeenCalled();
  });
});
