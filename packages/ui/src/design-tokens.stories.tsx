import theme from '@portal/config/theme.css?raw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

/** The tokens of packages/config/theme.css, read from the file so this page never drifts. */
function tokens(prefix: string): [name: string, value: string][] {
  return [...theme.matchAll(/--([\w-]+):\s*([^;]+);/g)]
    .map(([, name = '', value = '']): [string, string] => [name, value.trim()])
    .filter(([name]) => name.startsWith(prefix));
}

// Tailwind's own scales, which the theme keeps: the steps the kit actually uses.
const typeScale = ['text-xs', 'text-sm', 'text-base', 'text-lg', 'text-xl', 'text-2xl', 'text-3xl'];
const spacing = ['1', '2', '3', '4', '6', '8', '12'];
const spacingWidth: Record<string, string> = {
  '1': 'w-1',
  '2': 'w-2',
  '3': 'w-3',
  '4': 'w-4',
  '6': 'w-6',
  '8': 'w-8',
  '12': 'w-12',
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

function DesignTokens() {
  return (
    <div className="max-w-4xl space-y-8">
      <h1 className="text-2xl font-semibold text-ink">Design tokens</h1>
      <Section title="Couleurs">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {tokens('color-').map(([name, value]) => (
            <li key={name} className="rounded-card border border-slate-200 bg-surface p-2">
              <span
                aria-hidden="true"
                className="block h-12 rounded-md border border-slate-200"
                style={{ background: value }}
              />
              <code className="mt-2 block text-xs text-ink">{name.replace('color-', '')}</code>
              <code className="block text-xs text-muted">{value}</code>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Typographie">
        <p className="text-sm text-muted">
          Police : <code>{tokens('font-sans')[0]?.[1]}</code>
        </p>
        <ul className="space-y-2">
          {typeScale.map((size) => (
            <li key={size} className="flex items-baseline gap-4">
              <code className="w-24 shrink-0 text-xs text-muted">{size}</code>
              <span className={`${size} text-ink`}>Portail réseau — mandataires</span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Espacements">
        <ul className="space-y-2">
          {spacing.map((step) => (
            <li key={step} className="flex items-center gap-4">
              <code className="w-24 shrink-0 text-xs text-muted">{`p-${step} / gap-${step}`}</code>
              <span aria-hidden="true" className={`${spacingWidth[step]} h-4 bg-brand-500`} />
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Rayons">
        <ul className="flex flex-wrap gap-4">
          {[['radius-card', 'rounded-card'] as const, ['md', 'rounded-md'] as const].map(
            ([name, className]) => (
              <li key={name} className="text-center">
                <span
                  aria-hidden="true"
                  className={`${className} block h-16 w-24 border border-slate-300 bg-brand-50`}
                />
                <code className="text-xs text-muted">{className}</code>
              </li>
            ),
          )}
        </ul>
      </Section>
    </div>
  );
}

const meta = {
  title: 'Fondations/Design tokens',
  component: DesignTokens,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DesignTokens>;

export default meta;

export const Tokens: StoryObj<typeof meta> = {
  play: async ({ canvas }) => {
    // Every colour of the theme has its swatch.
    await expect(canvas.getAllByRole('listitem').length).toBeGreaterThan(tokens('color-').length);
    await expect(canvas.getByText('brand-600')).toBeVisible();
  },
};
