import { preset } from '@portal/config/eslint';

export default preset({ layer: 'backend', react: false });
