import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsSlider, type NewsSlide } from './news-slider';

const slides: NewsSlide[] = [1, 2, 3, 4].map((id) => ({ id, title: `Actualité ${id}` }));
const current = () =>
  screen.getAllByRole('group', { hidden: true }).find((g) => !g.hasAttribute('aria-hidden'));

function mockReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string): MediaQueryList =>
    Object.assign(new EventTarget(), {
      matches: reduce && query.includes('reduce'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
    }),
  );
}

describe('NewsSlider autoplay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('moves to the next slide every 5000 ms and wraps after the third', () => {
    mockReducedMotion(false);
    render(<NewsSlider items={slides} />);
    expect(current()).toHaveAccessibleName('1 sur 3');
    act(() => vi.advanceTimersByTime(4999));
    expect(current()).toHaveAccessibleName('1 sur 3');
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toHaveAccessibleName('2 sur 3');
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toHaveAccessibleName('3 sur 3');
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toHaveAccessibleName('1 sur 3');
  });

  it('slides in 400 ms and keeps live announcements off while rotating', () => {
    mockReducedMotion(false);
    render(<NewsSlider items={slides} />);
    const track = current()!.parentElement!;
    expect(track.style.transition).toBe('transform 400ms ease-in-out');
    expect(track).toHaveAttribute('aria-live', 'off');
  });

  it('pauses while hovered and when stopped by the button', () => {
    mockReducedMotion(false);
    render(<NewsSlider items={slides} />);
    const carousel = screen.getByRole('region', { name: 'Actualités à la une' });
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(12000));
    expect(current()).toHaveAccessibleName('1 sur 3');
    fireEvent.mouseLeave(carousel);
    fireEvent.click(screen.getByRole('button', { name: 'Arrêter le défilement automatique' }));
    act(() => vi.advanceTimersByTime(12000));
    expect(current()).toHaveAccessibleName('1 sur 3');
    expect(current()!.parentElement).toHaveAttribute('aria-live', 'polite');
  });

  it('neither rotates nor animates when the user prefers reduced motion', () => {
    mockReducedMotion(true);
    render(<NewsSlider items={slides} />);
    act(() => vi.advanceTimersByTime(20000));
    expect(current()).toHaveAccessibleName('1 sur 3');
    expect(current()!.parentElement!.style.transition).toBe('transform 0ms ease-in-out');
    expect(screen.queryByRole('button', { name: /défilement/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actualité suivante' })).toBeInTheDocument();
  });

  it('renders nothing without items', () => {
    const { container } = render(<NewsSlider items={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
