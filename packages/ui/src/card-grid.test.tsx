import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardGrid } from './card-grid';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
const observers: { callback: Callback; disconnect: () => void }[] = [];

class FakeObserver {
  callback: Callback;
  constructor(callback: Callback) {
    this.callback = callback;
    observers.push(this);
  }
  observe() {}
  disconnect = vi.fn();
}

const items = Array.from({ length: 9 }, (_, i) => i + 1);
const renderGrid = (props: Partial<Parameters<typeof CardGrid<number>>[0]> = {}) =>
  render(
    <CardGrid
      items={items}
      getKey={(n) => n}
      renderItem={(n) => <span>Carte {n}</span>}
      label="Cartes"
      {...props}
    />,
  );

describe('CardGrid', () => {
  afterEach(() => {
    observers.length = 0;
    vi.unstubAllGlobals();
  });

  it('asks for the next page when the sentinel comes into view', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const onLoadMore = vi.fn();
    renderGrid({ hasMore: true, onLoadMore });
    observers.at(-1)!.callback([{ isIntersecting: false }]);
    expect(onLoadMore).not.toHaveBeenCalled();
    observers.at(-1)!.callback([{ isIntersecting: true }]);
    expect(onLoadMore).toHaveBeenCalledOnce();
  });

  it('does not watch while loading or when everything is loaded', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { rerender } = renderGrid({ hasMore: true, loading: true, onLoadMore: vi.fn() });
    expect(observers).toHaveLength(0);
    rerender(
      <CardGrid
        items={items}
        getKey={(n) => n}
        renderItem={(n) => n}
        hasMore={false}
        onLoadMore={vi.fn()}
      />,
    );
    expect(observers).toHaveLength(0);
  });

  it('keeps the button focusable but inert while a page loads', () => {
    const onLoadMore = vi.fn();
    renderGrid({ hasMore: true, loading: true, onLoadMore });
    const button = screen.getByRole('button', { name: 'Charger plus' });
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    button.click();
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
  });

  it('shows the spec messages by default', () => {
    renderGrid();
    expect(screen.getByRole('list', { name: 'Cartes' }).children).toHaveLength(9);
    expect(screen.getByText('Il n’y a plus d’images à afficher.')).toBeInTheDocument();
    renderGrid({ items: [] });
    expect(
      screen.getByText('Il n’y a pas d’images pour la sélection courante.'),
    ).toBeInTheDocument();
  });
});
