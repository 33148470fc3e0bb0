import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../../shared/types/finding';
import { errorText } from '../../i18n/error-text';
import { testI18n } from '../../i18n/test-i18n';
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

  it("says a finding with words in the page's language, the host's English without", async () => {
    const i18n = await testI18n('zh-CN');
    const worded = finding({
      code: 'workflow-unknown-dependency',
      message: 'workflow step "b" depends on "ghost", which is not a step',
      words: { key: 'findings.unknownDependency', values: { id: 'b', dependency: 'ghost' } },
      line: 2,
    });
    expect(errorText(worded, i18n)).toBe('工作流步骤“b”依赖“ghost”，但它不是一个步骤');
    const [said, plain] = findingDiagnostics(text, [worded, finding({})], i18n);
    expect(said!.message).toBe('工作流步骤“b”依赖“ghost”，但它不是一个步骤 (workflow-unknown-dependency)');
    expect(plain!.message).toBe('description is required (missing-description)');
    await i18n.changeLanguage('en');
    expect(findingDiagnostics(text, [worded], i18n)[0]!.message).toBe(
      'workflow step "b" depends on "ghost", which is not a step (workflow-unknown-dependency)',
    );
  });
});
