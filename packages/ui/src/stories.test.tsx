import { runStories, type StoryFile } from './story-runner';

// Every story file of the kit, found by glob: a new component's stories run with no edit here.
// Files whose meta asks for `testEnvironment: 'jsdom'` run in rich-content-stories.test.tsx.
runStories(import.meta.glob<StoryFile>('./**/*.stories.tsx', { eager: true }), 'happy-dom');
