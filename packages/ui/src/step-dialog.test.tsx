import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StepDialog } from './step-dialog';

describe('StepDialog', () => {
  it('keeps its snapshot when the caller drops handled items, and dismisses the rest', () => {
    const onDismiss = vi.fn();
    const props = {
      open: true,
      getKey: (n: number) => n,
      getTitle: (n: number) => `Élément ${n}`,
      renderBody: (n: number) => <p>Corps {n}</p>,
      renderActions: ({ next, dismiss }: { next: () => void; dismiss: () => void }) => (
        <>
          <button onClick={next}>Suivant</button>
          <button onClick={dismiss}>Plus tard</button>
        </>
      ),
      onDismiss,
      onFinish: () => {},
      labels: { close: 'Fermer', progress: (p: number, t: number) => `${p} / ${t}` },
    };
    const { rerender } = render(<StepDialog {...props} items={[1, 2, 3]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    rerender(<StepDialog {...props} items={[2, 3]} />);
    expect(screen.getByRole('dialog', { name: 'Élément 2' })).toHaveAccessibleDescription('2 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Plus tard' }));
    expect(onDismiss).toHaveBeenCalledWith([2, 3]);
  });

  it('renders nothing when closed or empty', () => {
    const { container } = render(
      <StepDialog
        open
        items={[]}
        getKey={String}
        getTitle={String}
        renderBody={() => null}
        renderActions={() => null}
        onDismiss={() => {}}
        onFinish={() => {}}
        labels={{ close: 'Fermer', progress: () => '' }}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
