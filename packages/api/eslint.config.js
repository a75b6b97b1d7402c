import { preset } from '@portal/config/eslint';

export default preset({ layer: 'api', react: false });
