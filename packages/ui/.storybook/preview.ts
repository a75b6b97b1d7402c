import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // The sizes the product is checked at: the phone of the end-to-end pass and the desktop.
    viewport: {
      options: {
        phoneSmall: {
          name: 'Téléphone 360',
          styles: { width: '360px', height: '740px' },
          type: 'mobile',
        },
        phone: {
          name: 'Téléphone 390',
          styles: { width: '390px', height: '844px' },
          type: 'mobile',
        },
        tablet: {
          name: 'Tablette 768',
          styles: { width: '768px', height: '1024px' },
          type: 'tablet',
        },
        desktop: {
          name: 'Bureau 1280',
          styles: { width: '1280px', height: '800px' },
          type: 'desktop',
        },
      },
    },
    // axe runs on every story in the Accessibility panel; violations show as errors there.
    a11y: { test: 'error' },
  },
  tags: ['autodocs'],
};

export default preview;
