import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SafeHtml } from './safe-html';

const meta = {
  // Rich HTML: the story runner renders it under jsdom (DOMPurify needs a faithful DOM).
  parameters: { testEnvironment: 'jsdom' },
  title: 'Communication/SafeHtml',
  component: SafeHtml,
  args: {
    html: '<h2>Assemblée générale</h2><p>Rendez-vous le <strong>12 juin</strong> à Lyon. <a href="https://example.fr/programme" target="_blank">Voir le programme</a></p><ul><li>Accueil à 9 h</li><li>Déjeuner offert</li></ul>',
  },
  decorators: [(Story) => <div className="max-w-prose">{Story()}</div>],
} satisfies Meta<typeof SafeHtml>;

export default meta;
type Story = StoryObj<typeof meta>;

export const RichContent: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Assemblée générale' })).toBeVisible();
    const link = canvas.getByRole('link', { name: 'Voir le programme' });
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('target', '_blank');
  },
};

export const HostileContent: Story = {
  args: {
    html: '<p>Bonjour</p><img src="x" onerror="window.__xss=1" alt="piège"><script>window.__xss=1</script><a href="javascript:window.__xss=1">cliquez</a><svg onload="window.__xss=1"></svg>',
  },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvas.getByText('Bonjour')).toBeVisible();
    const html = canvasElement.innerHTML;
    await expect(html).not.toMatch(/<script|onerror|onload|javascript:|<svg/i);
    await expect(canvas.getByText('cliquez')).not.toHaveAttribute('href');
  },
};

export const PlainText: Story = {
  args: { html: 'Première ligne\nDeuxième ligne : 1 < 2 & 3 > 2' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelectorAll('br')).toHaveLength(1);
    await expect(canvas.getByText(/Deuxième ligne : 1 < 2 & 3 > 2/)).toBeVisible();
  },
};
