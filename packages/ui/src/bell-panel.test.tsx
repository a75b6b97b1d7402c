import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BellPanel } from './bell-panel';

describe('BellPanel', () => {
  it('hides the badge from screen readers (the button name carries the count)', () => {
    render(
      <BellPanel buttonLabel="Notifications, 5 non lues" badge="5" title="Notifications">
        <p>Corps</p>
      </BellPanel>,
    );
    const bell = screen.getByRole('button', { name: 'Notifications, 5 non lues' });
    expect(screen.getByText('5')).toHaveAttribute('aria-hidden', 'true');
    expect(bell.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it('keeps the panel in place (not portalled) with its 60vh cap in force', async () => {
    const { container } = render(
      <BellPanel buttonLabel="Notifications" title="Notifications">
        <p>Corps</p>
      </BellPanel>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByTestId('bell-panel');
    expect(container).toContainElement(panel);
    expect(panel).toHaveClass('max-h-[60vh]');
    expect(panel.getAttribute('style') ?? '').not.toMatch(/max-height/);
    expect(document.querySelector('[id^="headlessui-focus-sentinel"]')).toBeNull();
  });
});
