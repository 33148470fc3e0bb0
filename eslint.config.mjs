// Lint, and the layering rules of DESIGN §2 as import restrictions per folder:
//   shared/        imports only zod (and itself)
//   renderer/      imports only shared/ from the project (plus browser packages), never Node or Electron
//   electron/core  never imports electron, renderer/, main/, preload/, cli/ or React
//   electron/cli   never imports electron or renderer/
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const nodeOnlyPackages = ['better-sqlite3', 'ws', 'chokidar', 'electron-builder', 'electron-vite'];

const layer = (files, { paths = [], patterns = [], ignores = [] }) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'dist/**',
      'test-results/**',
      'playwright-report/**',
      'e2e-artifacts/**',
      'build-electron/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The floating card's and command bar's pages: plain scripts in a sandboxed page.
    files: ['electron/main/pages/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  layer(['shared/**/*.ts'], {
    ignores: ['shared/**/*.test.ts'],
    patterns: [
      {
        regex: '^(?!zod$|\\.\\.?/)',
        message: 'shared/ runs on both sides: it may import only zod and other files of shared/.',
      },
      {
        regex: '(^|/)(electron|renderer|node_modules)(/|$)',
        message: 'shared/ may not reach into electron/ or renderer/.',
      },
    ],
  }),
  layer(['shared/**/*.test.ts'], {
    patterns: [
      {
        regex: '^(?!zod$|vitest$|fast-check$|\\.\\.?/)',
        message: 'tests of shared/ import vitest, fast-check, zod and shared/ only.',
      },
    ],
  }),
  layer(['renderer/**/*.{ts,tsx}'], {
    paths: [...nodeBuiltins, ...nodeOnlyPackages, 'electron'].map((name) => ({
      name,
      message: 'the renderer runs in a sandboxed page: it talks to the core only through shared/ipc.',
    })),
    patterns: [
      {
        regex: '^(\\.\\./)+electron(/|$)',
        message: 'the renderer may import only shared/ from the project, never electron/.',
      },
      { regex: '^electron/', message: 'the renderer never imports Electron.' },
    ],
  }),
  layer(['electron/core/**/*.ts'], {
    paths: [
      {
        name: 'electron',
        message: 'electron/core runs under plain Node (tests, CLI): never import electron.',
      },
      { name: 'react', message: 'electron/core has no UI.' },
      { name: 'react-dom', message: 'electron/core has no UI.' },
    ],
    patterns: [
      { regex: '^electron/', message: 'electron/core runs under plain Node: never import electron.' },
      {
        regex: '(^|/)(renderer|main|preload|cli)(/|$)',
        message: 'electron/core is the bottom layer: it imports only shared/ and itself.',
      },
    ],
  }),
  layer(['electron/cli/**/*.{ts,mjs}'], {
    paths: [{ name: 'electron', message: 'the CLI runs under plain Node: never import electron.' }],
    patterns: [
      {
        regex: '(^|/)renderer(/|$)',
        message: 'the CLI serves the built renderer as files; it never imports it.',
      },
      { regex: '(^|/)(main|preload)(/|$)', message: 'the CLI does not use the Electron adapters.' },
    ],
  }),
  layer(['electron/main/**/*.ts', 'electron/preload/**/*.ts'], {
    patterns: [
      { regex: '(^|/)(renderer|cli)(/|$)', message: 'the Electron adapters wrap electron/core only.' },
    ],
  }),
);
