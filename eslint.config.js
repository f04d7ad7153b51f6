import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // Scanner fixtures in JavaScript are input to the scanners (sample vulnerable code), not code of ours.
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'scratch/**', 'bench/.corpus/**', 'bench/.tools/**', 'test/**/fixtures/**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use a union or a frozen object instead of enum.' }],
    },
  },
  {
    // Tests and benchmarks read JSON responses; the unsafe-any rules add noise there, not safety.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['eslint.config.js', 'bin/*.js', 'scripts/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
