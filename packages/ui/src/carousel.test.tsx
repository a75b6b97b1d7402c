import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

const labels = {
  carousel: 'C',
  previous: 'Précédent',
  next: 'Suivant',
  pause: 'Pause',
  play: 'Lecture',
  slide: (p: number, t: number) => `${p} sur ${t}`,
  goTo: (p: number) => `Aller à ${p}`,
};
const items = [1, 2, 3, 4, 5];
const current = () =>
  screen.getAllByRole('group', { hidden: true }).find((g) => !g.hasAttribute('aria-hidden'));

describe('Carousel', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps maxItems and rotates at the given interval', () => {
    vi.useFakeTimers();
    render(
      <Carousel
        items={items}
        maxItems={2}
        intervalMs={1000}
        getKey={(n) => n}
        labels={labels}
        renderSlide={(n) => <p>Diapositive {n}</p>}
      />,
    );
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(2);
    expect(current()).toHaveAccessibleName('1 sur 2');
    act(() => vi.advanceTimersByTime(1000));
    expect(current()).toHaveAccessibleName('2 sur 2');
    act(() => vi.advanceTimersByTime(1000));
    expect(current()).toHaveAccessibleName('1 sur 2');
  });

  it('shows no controls for a single slide', () => {
    render(
      <Carousel
        items={[1]}
        getKey={(n) => n}
        labels={labels}
        renderSlide={(n) => <p>Diapositive {n}</p>}
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
