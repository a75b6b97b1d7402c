import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BackLink } from './back-link';

const backOf = (state: unknown) => {
  cleanup();
  history.replaceState(state, '', '/sales/vlp/team/CGP0042');
  render(<BackLink fallback="/sales/vlp" label="Retour" />);
  return screen.getByRole('link', { name: 'Retour' });
};

describe('BackLink', () => {
  it('returns to the list the user came from, with its filters', () => {
    expect(backOf({ backTo: '/sales/vlp?exercice=2025&page=3' })).toHaveAttribute(
      'href',
      '/sales/vlp?exercice=2025&page=3',
    );
  });

  it('falls back to the list without a remembered page (a link opened in a new tab)', () => {
    expect(backOf(null)).toHaveAttribute('href', '/sales/vlp');
  });

  it('never leaves the app on a forged state', () => {
    for (const backTo of ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)', 42])
      expect(backOf({ backTo })).toHaveAttribute('href', '/sales/vlp');
  });
});
