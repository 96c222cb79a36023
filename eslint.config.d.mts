// Types of eslint.config.mjs for the unit tests of its rules (test/unit/lint/).
import type { ESLint, Linter } from 'eslint';
export const recordsPlugin: ESLint.Plugin;
export const READERS_LEFT: Set<string>;
declare const config: Linter.Config[];
export default config;
