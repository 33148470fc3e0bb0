import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of DESIGN §2 live in eslint.config.mjs; this proves `npm run lint` fails when one
// is broken, by linting a would-be file in each folder.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layering rules', () => {
  it.each([
    ['electron/core/x.ts', "import { app } from 'electron';"],
    ['electron/core/x.ts', "export { ipcMain } from 'electron/main';"],
    ['electron/core/store/x.ts', "import '../../../renderer/src/main';"],
    ['electron/core/x.ts', "import { y } from '../main/window';"],
    ['electron/core/x.ts', "import React from 'react';"],
    ['shared/ipc/x.ts', "import fs from 'node:fs';"],
    ['shared/ipc/x.ts', "import { z } from 'yaml';"],
    ['shared/types/x.ts', "import { createCore } from '../../electron/core/core';"],
    ['renderer/src/x.ts', "import fs from 'fs';"],
    ['renderer/src/x.ts', "import { ipcRenderer } from 'electron';"],
    ['renderer/src/x.ts', "import { createCore } from '../../electron/core/core';"],
    ['renderer/src/x.ts', "import Database from 'better-sqlite3';"],
    ['electron/cli/x.ts', "import { app } from 'electron';"],
  ])('%s: %s is refused', async (file, code) => {
    expect(await restrictedImports(file, `${code}\n`)).not.toEqual([]);
  });

  it.each([
    [
      'electron/core/x.ts',
      "import fs from 'node:fs';\nimport { contract } from '../../shared/ipc/contract';",
    ],
    ['shared/ipc/x.ts', "import { z } from 'zod';\nimport { AppInfo } from '../types/app';"],
    [
      'renderer/src/x.ts',
      "import { create } from 'zustand';\nimport { createClient } from '../../shared/ipc/client';",
    ],
    ['electron/main/x.ts', "import { app } from 'electron';\nimport { createCore } from '../core/core';"],
  ])('%s: allowed imports pass', async (file, code) => {
    expect(await restrictedImports(file, `${code}\n`)).toEqual([]);
  });
});
