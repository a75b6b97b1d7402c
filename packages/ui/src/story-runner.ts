import { composeStories } from '@storybook/react-vite';
import axe from 'axe-core';
import { afterAll, describe, expect, it } from 'vitest';

export type StoryFile = Parameters<typeof composeStories>[0];
type RunnableStory = { run: () => Promise<void>; load: () => Promise<void> };

/** The DOM a story file needs in tests: `parameters: { testEnvironment: 'jsdom' }` in its meta. */
export function storyEnvironment(file: StoryFile): 'happy-dom' | 'jsdom' {
  const parameters = file.default?.parameters as { testEnvironment?: string } | undefined;
  return parameters?.testEnvironment === 'jsdom' ? 'jsdom' : 'happy-dom';
}

/** Serious and critical axe findings on the whole document (dialogs and panels are portalled). */
export async function seriousViolations(root: Element = document.body): Promise<string[]> {
  // Headless UI's dialog focus-trap guards are aria-hidden buttons that only pass focus on
  // (zero height in a browser, unmeasurable here); the axe maintainers lean towards not
  // failing them (dequelabs/axe-core#4832). Popover sentinels (`headlessui-focus-sentinel-*`,
  // the open bell's finding in issue 13) still count.
  const context = {
    include: [root],
    exclude: [['[data-headlessui-focus-guard]:not([id^="headlessui-focus-sentinel"])']],
  };
  const results = await axe.run(context as axe.ElementContext, {
    resultTypes: ['violations'],
    rules: {
      // A story is a fragment, not a page: landmarks and the page heading are the app's job.
      region: { enabled: false },
      'page-has-heading-one': { enabled: false },
      'landmark-one-main': { enabled: false },
      // No layout in happy-dom or jsdom: contrast is checked on the tokens (contrast.test.ts).
      'color-contrast': { enabled: false },
    },
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * For every story of the files that need `environment`: render it, run its play function
 * when it has one (exactly as Storybook does), then check the state it ends in (open
 * dialog, open panel…) with axe, failing on any serious or critical violation.
 */
export function runStories(
  files: Record<string, StoryFile>,
  environment: 'happy-dom' | 'jsdom',
): void {
  const selected = Object.entries(files)
    .filter(([, file]) => storyEnvironment(file) === environment)
    .map(([path, file]) => [path.replace(/^\.\//, ''), file] as const);

  it('finds story files', () => {
    expect(selected.length).toBeGreaterThan(0);
  });

  // A portable story stays mounted until the next one runs or loads: the last one would leak
  // into the worker's next test file (isolate: false), its timers and elements still there.
  let lastRun: RunnableStory | undefined;
  afterAll(async () => {
    await lastRun?.load();
  });

  describe.each(selected)('%s', (_path, file) => {
    const stories: [string, RunnableStory][] = Object.entries(composeStories(file));
    it.each(stories)('%s', async (_story, Story) => {
      lastRun = Story;
      await Story.run();
      expect(await seriousViolations()).toEqual([]);
    });
  });
}
