import { describe, expect, it } from 'vitest';
import { isRefusal } from './pack-refusal';
import { checkPackPath } from './pack-path';

const reasonOf = (path: string) => {
  try {
    checkPackPath(path);
    return 'ok';
  } catch (error) {
    const reasons = ['pathTraversal', 'absolutePath', 'drivePath', 'backslashPath', 'badPathName'] as const;
    return reasons.find((reason) => isRefusal(error, reason)) ?? String(error);
  }
};

describe('checkPackPath', () => {
  it.each([
    ['SKILL.md', 'ok'],
    ['references/deep/notes.md', 'ok'],
    ['assets/燕麦奶.png', 'ok'],
    ['.hidden/config', 'ok'],
    ['../evil', 'pathTraversal'],
    ['a/../../evil', 'pathTraversal'],
    ['/etc/passwd', 'absolutePath'],
    ['C:/Windows/x', 'drivePath'],
    ['c:evil', 'drivePath'],
    ['notes.md:stream', 'drivePath'],
    ['a\\..\\b', 'backslashPath'],
    ['a//b', 'badPathName'],
    ['a/./b', 'badPathName'],
    ['dir/', 'badPathName'],
    ['bell\u0007.md', 'badPathName'],
    ['trailing.', 'badPathName'],
    ['trailing ', 'badPathName'],
    ['scripts/NUL.txt', 'badPathName'],
    ['com1', 'badPathName'],
    [`${'a'.repeat(256)}.md`, 'badPathName'],
    [`${'abc/'.repeat(120)}x`, 'badPathName'],
  ])('%s → %s', (path, reason) => {
    expect(reasonOf(path)).toBe(reason);
  });
});
