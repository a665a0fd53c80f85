export { SERVER_DEFAULT_CONFIG } from '../worker/defaultConfigs.ts';

export const APP_VERSION = '0.1.0';
