import { preset } from '@portal/config/eslint';

export default [
  // The bundles test/build.test.ts writes beside dist/ while it runs (removed afterwards).
  { ignores: ['.dist-test-*/**'] },
  ...preset({ layer: 'backend', react: false }),
];
