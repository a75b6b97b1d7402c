import { preset } from '@portal/config/eslint';

export default preset({ layer: 'auth', react: true });
