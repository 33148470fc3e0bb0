import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of DESIGN §2 live in eslint.config.mjs; this proves `npm run lint` fails when one
// is broken, by linting a would-be file in each folder.
const eslint = new ESLint({ cwd: process.cwd() });
// no-restricted-imports reads an import's text; layers/imports-land-in resolves where a relative one lands
const LAYER_RULES = new Set(['no-restricted-imports', 'layers/imports-land-in']);

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId && LAYER_RULES.has(m.ruleId)).map((m) => m.message);
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
    // the renderer: a relative import that leaves renderer/ must land in shared/
    ['renderer/src/x.ts', "import { hostApi } from '../../e2e/helpers/host-api';"],
    ['renderer/src/features/runs/x.ts', "import run from '../../../../bench/dashboard.bench';"],
    ['renderer/src/x.tsx', "export { skillsDir } from '../../skills/paths';"],
    ['renderer/src/x.ts', "import pkg from '../../package.json';"],
    ['renderer/src/x.ts', "const api = await import('../../e2e/helpers/host-api');"],
    ['renderer/src/x.ts', "import type { Core } from '../../electron/core/core';"],
    ['renderer/x.ts', "import { y } from '../electron/main/x';"],
    // a preload takes only electron and the channel names at run time
    ['electron/preload/x.ts', "import { contract } from '../../shared/ipc/contract';"],
    ['electron/preload/x.ts', "export * from '../../shared/types/skill';"],
    ['electron/preload/x.ts', "import { createCore } from '../core/core';"],
    ['electron/preload/x.ts', "import { y } from './helper';"],
    ['electron/preload/x.ts', "import { z } from 'zod';"],
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
    [
      'renderer/src/features/editor/x.tsx',
      "import { PageHeader } from '../../app/PageHeader';\nimport { splitToolList } from '../../../../shared/skills/tool-list';\nimport './editor.css';\nimport '@xyflow/react/dist/style.css';",
    ],
    [
      'electron/preload/x.ts',
      "import { contextBridge } from 'electron';\nimport { EVENT_CHANNEL } from '../../shared/ipc/names';\nimport { CARD_CHANNELS } from '../../shared/ipc/shell-channels';\nimport type { Transport } from '../../shared/ipc/client';\nimport type { CardAction } from '../../shared/ipc/shell';",
    ],
    ['shared/skills/x.test.ts', "import fc from 'fast-check';\nimport { it } from 'vitest';"],
  ])('%s: allowed imports pass', async (file, code) => {
    expect(await restrictedImports(file, `${code}\n`)).toEqual([]);
  });
});
