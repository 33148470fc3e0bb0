import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { APP_ID, appUserModelId } from './app-identity';

describe('the Windows AppUserModelID', () => {
  it("is the installer's appId when packaged, Electron's executable in development", () => {
    const builder = parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../electron-builder.yml'), 'utf8'),
    ) as {
      appId: string;
    };
    expect(APP_ID).toBe(builder.appId);
    expect(appUserModelId(true, 'C:\\Program Files\\Skilldeck\\Skilldeck.exe')).toBe('dev.skilldeck.app');
    expect(appUserModelId(false, 'C:\\src\\node_modules\\electron\\dist\\electron.exe')).toBe(
      'C:\\src\\node_modules\\electron\\dist\\electron.exe',
    );
  });
});
