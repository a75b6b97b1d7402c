// @vitest-environment jsdom
// DOMPurify and ProseMirror need a faithful DOM: happy-dom 21 mis-sanitises (see sanitize.ts),
// so the stories that render rich HTML run in jsdom.
import { composeStories } from '@storybook/react-vite';
import { describe, it } from 'vitest';
import * as newsPopup from './news-popup.stories';
import * as richTextEditor from './rich-text-editor.stories';
import * as safeHtml from './safe-html.stories';

type RunnableStory = { run: () => Promise<void> };

function runnable(file: Parameters<typeof composeStories>[0]): [string, RunnableStory][] {
  return Object.entries(composeStories(file));
}

// Storybook only hands `userEvent` to play functions where a clipboard exists; jsdom has none
// (user-event installs its own stub on setup).
if (!('clipboard' in navigator)) {
  Object.defineProperty(navigator, 'clipboard', { value: {}, configurable: true });
}

// ProseMirror measures the selection to scroll it into view; jsdom has no layout.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Element.prototype.getClientRects ??= noRects;
document.elementFromPoint ??= () => null;

const files = { newsPopup, richTextEditor, safeHtml };

describe.each(Object.entries(files))('%s stories', (_name, file) => {
  it.each(runnable(file))('%s', async (_story, Story) => {
    await Story.run();
  });
});
