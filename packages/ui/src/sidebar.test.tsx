import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Sidebar, type SidebarLinkProps } from './sidebar';

function RouterLink({ children, ...props }: SidebarLinkProps) {
  return (
    <a {...props} data-router="yes">
      {children}
    </a>
  );
}

describe('Sidebar', () => {
  it('renders in-app items with the given link component and external ones as plain links', () => {
    render(
      <Sidebar
        linkComponent={RouterLink}
        activeHref="/news"
        sections={[
          {
            id: 'main',
            items: [
              { id: 'news', label: 'Actualités', href: '/news' },
              { id: 'doc', label: 'Documentation', href: 'https://exemple.fr', external: true },
            ],
          },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Actualités' })).toHaveAttribute('data-router', 'yes');
    expect(screen.getByRole('link', { name: /Documentation/ })).not.toHaveAttribute('data-router');
  });
});
