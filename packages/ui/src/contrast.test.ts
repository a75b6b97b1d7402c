import theme from '@portal/config/theme.css?raw';
import { describe, expect, it } from 'vitest';

// Guards WCAG AA (4.5:1 for text) for every text/background pair the kit uses,
// so a token change in @portal/config that breaks contrast fails here, not in e2e axe runs.
const tokens = Object.fromEntries(
  [...theme.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]),
);
const color = (name: string) => (name === 'white' ? '#ffffff' : tokens[name]);

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const pairs: [text: string, background: string][] = [
  ['white', 'brand-600'],
  ['white', 'brand-700'],
  ['white', 'danger'],
  ['white', 'success'],
  ['white', 'warning'],
  ['white', 'ink'],
  ['brand-700', 'surface'],
  ['brand-700', 'brand-50'],
  ['danger', 'danger-soft'],
  ['success', 'success-soft'],
  ['warning', 'warning-soft'],
  ['danger', 'surface'],
  ['danger', 'canvas'],
  ['muted', 'surface'],
  ['muted', 'canvas'],
  ['ink', 'canvas'],
  // Communication components: card and notification text, drop zone while dragging.
  ['ink', 'surface'],
  ['ink', 'brand-50'],
  ['muted', 'brand-50'],
];

describe('theme contrast', () => {
  it.each(pairs)('%s on %s reaches 4.5:1', (text, background) => {
    const fg = color(text);
    const bg = color(background);
    expect(fg && bg, `missing token ${text} or ${background}`).toBeTruthy();
    expect(contrast(fg!, bg!)).toBeGreaterThanOrEqual(4.5);
  });
});
