import { preset } from '@portal/config/eslint';

export default preset({ layer: 'e2e', react: false });
