import { markdown } from '@codemirror/lang-markdown';
import { yamlFrontmatter } from '@codemirror/lang-yaml';
import { linter, lintGutter } from '@codemirror/lint';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Finding } from '../../../../shared/types/finding';
import { findingDiagnostics } from './findings';
import { useCodeMirror } from './use-code-mirror';

/** Quiet time after typing before the text is checked. */
const LINT_DELAY_MS = 300;

/**
 * CodeMirror 6 on SKILL.md: the frontmatter highlighted as YAML, the body as Markdown
 * (`yamlFrontmatter` of @codemirror/lang-yaml around `markdown()`), findings as lint diagnostics: as
 * you type, `lint` checks the text (the core's `skills:check`) 300 ms after the last change.
 */
export function RawEditor({
  value,
  onChange,
  onSave,
  lint,
  readOnly,
  label,
}: {
  value: string;
  onChange(text: string): void;
  /** Ctrl/Cmd+S. */
  onSave(): void;
  /** The findings of the text as SKILL.md (a stale answer is dropped by the linter). */
  lint(text: string): Promise<readonly Finding[]>;
  readOnly: boolean;
  label: string;
}) {
  const { i18n } = useTranslation();
  const latest = useRef({ lint, i18n });

  useEffect(() => {
    latest.current = { lint, i18n };
  });

  const host = useCodeMirror({
    value,
    readOnly,
    onChange,
    onSave,
    attributes: { 'aria-label': label },
    extensions: () => [
      basicSetup,
      yamlFrontmatter({ content: markdown() }),
      linter(
        async (lintView) => {
          const text = lintView.state.doc.toString();
          const findings = await latest.current.lint(text);
          return findingDiagnostics(text, findings, latest.current.i18n);
        },
        { delay: LINT_DELAY_MS },
      ),
      lintGutter(),
    ],
  });

  return <div ref={host} className="raw-editor" data-testid="raw-editor" />;
}
