import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { appViteConfig } from '../vite.js';

/** The apps' index.html as the build writes it (before Vite adds the bundle's own tags). */
function builtIndexHtml(app: string) {
  const source = readFileSync(
    join(import.meta.dirname, '..', '..', '..', 'apps', app, 'index.html'),
    'utf8',
  );
  const plugin = (appViteConfig(0).plugins as Plugin[]).find(
    (p) => p?.name === 'portal:index-html',
  )!;
  (plugin.configResolved as (config: { command: string }) => void)({ command: 'build' });
  return (plugin.transformIndexHtml as (html: string) => string)(source);
}

describe('Content-Security-Policy of the apps', () => {
  for (const app of ['agent', 'staff']) {
    it(`${app}: no inline script, no plugin, no <base>`, () => {
      const html = builtIndexHtml(app);
      const policy = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
      expect(policy).toBeDefined();
      const directives = new Map(
        policy!.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name!, values] as const;
        }),
      );
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'none'"]);
      expect(directives.get('connect-src')).toContain('https:');
      // Nothing inline to allow: config.js and the bundle are files.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      // The policy comes before the first script, or it would not apply to it.
      expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
    });
  }

  it('the header brand is painted into #root with the app name of the title', () => {
    expect(builtIndexHtml('agent')).toMatch(/<div id="root">[^]*>Espace mandataire<\/span>/);
    expect(builtIndexHtml('staff')).toMatch(/<div id="root">[^]*>Console du réseau<\/span>/);
  });
});
