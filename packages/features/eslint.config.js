import { preset } from '@portal/config/eslint';

export default preset({ layer: 'features', react: true });
