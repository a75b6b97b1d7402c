import { preset } from '@portal/config/eslint';

export default preset({ layer: 'app', react: true });
