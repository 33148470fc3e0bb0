import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../../shared/types/finding';
import { findingDiagnostics } from './findings';

const finding = (over: Partial<Finding>): Finding => ({
  code: 'missing-description',
  severity: 'error',
  message: 'description is required',
  ...over,
});

describe('findingDiagnostics', () => {
  const text = '---\r\nname: x\r\n---\r\nbody\n';

  it('covers the line named (without its CR), the first line when none is', () => {
    const [named, unnamed] = findingDiagnostics(text, [
      finding({ line: 2, file: '/d/x/SKILL.md' }),
      finding({ severity: 'warning', code: 'unknown-field' }),
    ]);
    expect(text.slice(named!.from, named!.to)).toBe('name: x');
    expect(named!.message).toBe('description is required (missing-description)');
    expect(text.slice(unnamed!.from, unnamed!.to)).toBe('---');
    expect(unnamed!.severity).toBe('warning');
  });

  it('clamps a line past the end and leaves out findings of other files', () => {
    const out = findingDiagnostics(text, [
      finding({ line: 99 }),
      finding({ line: 1, file: '/d/x/phases/01-a.md' }),
    ]);
    expect(out).toHaveLength(1);
    expect(out[0]!.from).toBe(text.length);
  });
});
