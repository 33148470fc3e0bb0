import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { abiInBytes, abiOfAddon } from './native-abi.mjs';

describe('abiOfAddon', () => {
  it("reads the Node build in node_modules as this Node's ABI, without loading it", () => {
    const require = createRequire(import.meta.url);
    const addon = path.join(
      path.dirname(require.resolve('better-sqlite3/package.json')),
      'build',
      'Release',
      'better_sqlite3.node',
    );
    expect(abiOfAddon(addon)).toBe(Number(process.versions.modules));
  });

  it('finds the marker anywhere in the bytes (ELF, Mach-O with its _ prefix, PE)', () => {
    expect(abiInBytes(Buffer.from('\u0000\u0007_node_register_module_v150\u0000rest'))).toBe(150);
    expect(abiInBytes(Buffer.from('napi_register_module_v1 only'))).toBeNull();
  });
});
