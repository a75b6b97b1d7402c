// @vitest-environment jsdom
// DOMPurify and ProseMirror need a faithful DOM: happy-dom 21 mis-sanitises (see sanitize.ts),
// so the story files whose meta sets `parameters: { testEnvironment: 'jsdom' }` run here.
import { runStories, type StoryFile } from './story-runner';

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

runStories(import.meta.glob<StoryFile>('./**/*.stories.tsx', { eager: true }), 'jsdom');
