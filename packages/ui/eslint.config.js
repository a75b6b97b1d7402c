import { preset } from '@portal/config/eslint';

export default preset({ layer: 'ui', react: true });
