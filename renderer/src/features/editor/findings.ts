import i18next, { type i18n as I18n } from 'i18next';
import type { Finding } from '../../../../shared/types/finding';
import { errorText } from '../../i18n/error-text';

export interface TextDiagnostic {
  from: number;
  to: number;
  severity: 'error' | 'warning';
  message: string;
}

/** A finding about SKILL.md itself (not a phase file): no file, or a file named SKILL.md / skill.md. */
export const isAboutSkillFile = (finding: Finding) =>
  !finding.file || /(^|[\\/])skill\.md$/i.test(finding.file);

/**
 * Findings of SKILL.md as ranges of `text`: the whole line named, else the first line; said in the
 * dashboard's language when the finding has words.
 */
export function findingDiagnostics(
  text: string,
  findings: readonly Finding[],
  i18n: I18n = i18next,
): TextDiagnostic[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return findings.filter(isAboutSkillFile).map((finding) => {
    const index = Math.min(Math.max((finding.line ?? 1) - 1, 0), starts.length - 1);
    const from = starts[index]!;
    let to = index + 1 < starts.length ? starts[index + 1]! - 1 : text.length;
    if (to > from && text[to - 1] === '\r') to--;
    return {
      from,
      to,
      severity: finding.severity,
      message: `${errorText({ message: finding.message, words: finding.words }, i18n)} (${finding.code})`,
    };
  });
}
