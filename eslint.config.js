// Lint rules: typescript-eslint's recommended set, plus a ban on framework types
// leaking into tools/ (handlers get a typed context, never express/MCP/Prisma).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['express', 'express/*'], message: 'Handlers get a typed context, never express types.' },
          { group: ['@modelcontextprotocol/*'], message: 'Handlers never see MCP types.' },
          { group: ['@prisma/*', '**/prisma/generated/**'], message: 'Handlers use stores on the context, never Prisma.' },
          { group: ['**/adapters/**'], message: 'tools/ must not import adapters/.' },
        ],
      }],
    },
  },
);
