import { composeStories } from '@storybook/react-vite';
import { describe, it } from 'vitest';
import * as alert from './alert.stories';
import * as button from './button.stories';
import * as checkboxMatrix from './checkbox-matrix.stories';
import * as designTokens from './design-tokens.stories';
import * as dialog from './dialog.stories';
import * as header from './header.stories';
import * as passwordField from './password-field.stories';
import * as selectField from './select-field.stories';
import * as sidebar from './sidebar.stories';
import * as snackbar from './snackbar.stories';
import * as textField from './text-field.stories';

type RunnableStory = { run: () => Promise<void> };

function runnable(file: Parameters<typeof composeStories>[0]): [string, RunnableStory][] {
  return Object.entries(composeStories(file));
}

// Every story renders and its play function passes, exactly as in Storybook.
const files = {
  alert,
  button,
  checkboxMatrix,
  designTokens,
  dialog,
  header,
  passwordField,
  selectField,
  sidebar,
  snackbar,
  textField,
};

describe.each(Object.entries(files))('%s stories', (_name, file) => {
  it.each(runnable(file))('%s', async (_story, Story) => {
    await Story.run();
  });
});
