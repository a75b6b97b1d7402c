import { composeStories } from '@storybook/react-vite';
import { describe, it } from 'vitest';
import * as cardGrid from './card-grid.stories';
import * as imageDropzone from './image-dropzone.stories';
import * as imageGrid from './image-grid.stories';
import * as newsCard from './news-card.stories';
import * as newsSlider from './news-slider.stories';
import * as notificationBell from './notification-bell.stories';

type RunnableStory = { run: () => Promise<void> };

function runnable(file: Parameters<typeof composeStories>[0]): [string, RunnableStory][] {
  return Object.entries(composeStories(file));
}

// Communication components (news, notifications, image bank): every story and its play
// function, as in Storybook. Rich-HTML stories run in rich-content-stories.test.tsx (jsdom).
const files = { cardGrid, imageDropzone, imageGrid, newsCard, newsSlider, notificationBell };

describe.each(Object.entries(files))('%s stories', (_name, file) => {
  it.each(runnable(file))('%s', async (_story, Story) => {
    await Story.run();
  });
});
