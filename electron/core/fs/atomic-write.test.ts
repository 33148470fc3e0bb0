import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../test-support';
import { atomicTempName, writeFileAtomic } from './atomic-write';

let tmp: ReturnType<typeof tempFolder>;
afterEach(() => tmp?.remove());

describe('writeFileAtomic', () => {
  it('writes a new file and replaces an existing one, leaving no temp file behind', async () => {
    tmp = tempFolder();
    const file = path.join(tmp.dir, 'SKILL.md');
    await writeFileAtomic(file, 'one');
    expect(fs.readFileSync(file, 'utf8')).toBe('one');
    await writeFileAtomic(file, new TextEncoder().encode('two'));
    expect(fs.readFileSync(file, 'utf8')).toBe('two');
    expect(fs.readdirSync(tmp.dir)).toEqual(['SKILL.md']);
  });

  it('replaces by rename: a reader holding the old file keeps reading the old content', async () => {
    tmp = tempFolder();
    const file = path.join(tmp.dir, 'SKILL.md');
    fs.writeFileSync(file, 'old content');
    const inodeBefore = fs.statSync(file).ino;
    const fd = fs.openSync(file, 'r');
    await writeFileAtomic(file, 'new content');
    const buffer = Buffer.alloc(11);
    fs.readSync(fd, buffer, 0, 11, 0);
    fs.closeSync(fd);
    expect(buffer.toString()).toBe('old content');
    expect(fs.readFileSync(file, 'utf8')).toBe('new content');
    expect(fs.statSync(file).ino).not.toBe(inodeBefore);
  });

  it.skipIf(process.platform === 'win32')('keeps the permissions of the file it replaces', async () => {
    tmp = tempFolder();
    const file = path.join(tmp.dir, 'run.sh');
    fs.writeFileSync(file, '#!/bin/sh\n');
    fs.chmodSync(file, 0o750);
    await writeFileAtomic(file, '#!/bin/sh\necho hi\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o750);
  });

  it('leaves the target untouched and cleans up when the write fails', async () => {
    tmp = tempFolder();
    const file = path.join(tmp.dir, 'SKILL.md');
    fs.writeFileSync(file, 'keep me');
    // a folder where the file should be: the final rename fails
    const target = path.join(tmp.dir, 'taken');
    fs.mkdirSync(path.join(target, 'inside'), { recursive: true });
    await expect(writeFileAtomic(target, 'x')).rejects.toThrow();
    expect(fs.readFileSync(file, 'utf8')).toBe('keep me');
    expect(fs.readdirSync(tmp.dir).sort()).toEqual(['SKILL.md', 'taken']);
  });

  it('names its temp file beside the target, hidden', () => {
    const temp = atomicTempName('/skills/a/SKILL.md');
    expect(path.dirname(temp)).toBe('/skills/a');
    expect(path.basename(temp)).toMatch(/^\.SKILL\.md\.\d+\.[0-9a-f]{8}\.tmp$/);
  });
});
