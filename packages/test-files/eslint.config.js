import { preset } from '@portal/config/eslint';

// The bottom layer, as the config package: it imports no other package of the portal.
export default preset({ layer: 'config', react: false });
