import { DEFAULT_CONNECT } from './csp.ts';

declare const __INSPECTOR_CONNECT__: readonly string[] | undefined;

/**
 * The connect-src origins this build's policy allows besides the app (vite.config.ts writes them in at
 * build time, from the same source as the policy); the default where nothing did (the CLI, tests).
 */
export const APP_CONNECT: readonly string[] =
  typeof __INSPECTOR_CONNECT__ === 'undefined' ? DEFAULT_CONNECT : __INSPECTOR_CONNECT__;
