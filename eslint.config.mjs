// Lint, and the layering rules of DESIGN §2 as import restrictions per folder:
//   shared/        imports only zod and shlex (pure, browser-safe) and itself
//   renderer/      imports only renderer/ and shared/ from the project (plus browser packages), never
//                  Node or Electron
//   electron/core  never imports electron, renderer/, main/, preload/, cli/ or React
//   electron/cli   never imports electron or renderer/
//   electron/preload  imports only electron and shared/ipc/names.ts (or shared/ipc/shell*.ts) at run time
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import path from 'node:path';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const nodeOnlyPackages = ['better-sqlite3', 'ws', 'chokidar', 'electron-builder', 'electron-vite'];

// What no-restricted-imports cannot say, since it sees only the import's text: where a relative import
// lands, resolved from the importing file. `allow`: paths from the repository's root, a trailing `/` for
// a folder, `*` for any characters but `/`, the extension optional. `typeImports`: `import type` /
// `export type` may go anywhere (erased from the bundle).
const repoRoot = import.meta.dirname;
const importsLandIn = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          allow: { type: 'array', items: { type: 'string' } },
          typeImports: { type: 'boolean' },
          message: { type: 'string' },
        },
        required: ['allow', 'message'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { allow, typeImports = false, message } = context.options[0];
    const escape = (text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    const allowed = allow.map((entry) =>
      entry.endsWith('/')
        ? new RegExp(`^${escape(entry.slice(0, -1))}(/|$)`)
        : new RegExp(`^${escape(entry).replaceAll('*', '[^/]*')}(\\.[cm]?[jt]sx?)?$`),
    );
    const check = (node, kind) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.'))
        return;
      if (typeImports && kind === 'type') return;
      const target = path
        .relative(repoRoot, path.resolve(path.dirname(context.filename), source.value))
        .split(path.sep)
        .join('/');
      if (!allowed.some((re) => re.test(target)))
        context.report({ node: source, message: `${message} (${target})` });
    };
    return {
      ImportDeclaration: (node) => check(node, node.importKind),
      ExportNamedDeclaration: (node) => check(node, node.exportKind),
      ExportAllDeclaration: (node) => check(node, node.exportKind),
      ImportExpression: (node) => check(node, 'value'),
    };
  },
};
const layers = { rules: { 'imports-land-in': importsLandIn } };

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
    files: ['electron/main/windows/pages/**/*.js'],
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
        regex: '^(?!zod$|shlex$|\\.\\.?/)',
        message: 'shared/ runs on both sides: it may import only zod, shlex and other files of shared/.',
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
    patterns: [{ regex: '^electron/', message: 'the renderer never imports Electron.' }],
  }),
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { layers },
    rules: {
      'layers/imports-land-in': [
        'error',
        {
          allow: ['renderer/', 'shared/'],
          message: 'the renderer may import only renderer/ and shared/ from the project',
        },
      ],
    },
  },
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
  layer(['electron/main/**/*.ts'], {
    patterns: [
      { regex: '(^|/)(renderer|cli)(/|$)', message: 'the Electron adapters wrap electron/core only.' },
    ],
  }),
  // A sandboxed preload can require only electron, and stays a bridge: at run time it takes nothing from
  // the project but the channel names (types from anywhere in shared/ are erased).
  layer(['electron/preload/**/*.ts'], {
    patterns: [{ regex: '^(?!electron$|\\.)', message: 'a sandboxed preload can require only electron.' }],
  }),
  {
    files: ['electron/preload/**/*.ts'],
    plugins: { layers },
    rules: {
      'layers/imports-land-in': [
        'error',
        {
          allow: ['shared/ipc/names', 'shared/ipc/shell*'],
          typeImports: true,
          message: 'a preload imports only shared/ipc/names.ts (and shared/ipc/shell*.ts) at run time',
        },
      ],
    },
  },
);
