import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Shared lint preset. `layer` restricts what a package may import, so the
 * dependency direction of STYLE.md is checked by a machine.
 */
const forbidden = {
  config: ['@portal/ui', '@portal/api', '@portal/auth', '@portal/features', '@portal/backend'],
  ui: ['@portal/api', '@portal/auth', '@portal/features', '@portal/backend'],
  api: ['@portal/ui', '@portal/auth', '@portal/features', '@portal/backend'],
  auth: ['@portal/features', '@portal/backend'],
  features: ['@portal/backend'],
  app: ['@portal/backend'],
  backend: ['@portal/ui', '@portal/auth', '@portal/features'],
  e2e: [],
};

export function preset({ layer, react = true }) {
  return tseslint.config(
    {
      ignores: ['dist/**', 'storybook-static/**', 'src/generated/**', 'drizzle/**', 'coverage/**'],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: { globals: { ...globals.browser, ...globals.node } },
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...forbidden[layer].map((name) => ({
                group: [name, `${name}/*`],
                message: `The ${layer} layer must not import ${name}.`,
              })),
              {
                group: ['@portal/*/src/*'],
                message: 'Import a package through its exports, never its src/.',
              },
            ],
          },
        ],
      },
    },
    ...(react
      ? [{ plugins: { 'react-hooks': reactHooks }, rules: reactHooks.configs.recommended.rules }]
      : []),
  );
}

export default preset({ layer: 'config', react: false });
