import '@testing-library/jest-dom/vitest';
import { setProjectAnnotations } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import * as preview from './.storybook/preview';

// Portable stories get the same decorators and parameters as Storybook itself.
setProjectAnnotations([preview]);

afterEach(() => {
  cleanup();
});
