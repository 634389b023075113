// Lint rules: typescript-eslint's recommended set, plus a ban on framework types
// leaking into tools/ (handlers get a typed context, never express/MCP/Prisma).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** What no file in tools/ may import: handlers get a typed context. */
const TOOLS_PATTERNS = [
  { group: ['express', 'express/*'], message: 'Handlers get a typed context, never express types.' },
  { group: ['@modelcontextprotocol/*'], message: 'Handlers never see MCP types.' },
  { group: ['@prisma/*', '**/prisma/generated/**'], message: 'Handlers use stores on the context, never Prisma.' },
  { group: ['**/adapters/**'], message: 'tools/ must not import adapters/.' },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'prisma/generated/**', 'sdk/typescript/**', 'data/**', 'dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['tools/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: TOOLS_PATTERNS }] },
  },
  // The ground floor: the kit names ports, and feature areas build on it, never the reverse.
  // One entry per folder depth inside the kit: a specifier climbing out of tools/_kit is refused.
  ...[1, 2, 3].map((depth) => ({
    files: [`tools/_kit/${'*/'.repeat(depth - 1)}*.ts`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [...TOOLS_PATTERNS, { regex: `^${'\\.\\./'.repeat(depth)}(?!_kit/)`, message: 'tools/_kit imports no feature area: a feature adds its store to Services itself (declare module).' }],
      }],
    },
  })),
  {
    // The sandbox wing models the world on its own: it may use the kit (ports, money,
    // reference data), never a feature's logic.
    files: ['adapters/sandbox/**/*.ts'],
    ignores: ['adapters/sandbox/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '(^|/)tools/(?!_kit/)', message: 'The sandbox imports tools/_kit only (reference data lives in tools/_kit/reference).' }],
      }],
    },
  },
);
