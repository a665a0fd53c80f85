import type { ESLint } from 'eslint';

export declare const ALLOWED_IMPORTS: Readonly<Record<string, readonly string[]>>;
export declare const BOUNDARY_DEBT: readonly string[];
export declare const boundaries: ESLint.Plugin;
