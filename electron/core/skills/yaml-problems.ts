// The YAML parser's errors said as a person would, with what to do: each common mistake in a SKILL.md
// frontmatter has words of its own (errors:findings.<name> in the renderer's locales); anything else keeps
// the parser's detail. The line is the finding's; the column is said in the message.
import type { YAMLError } from 'yaml';
import type { ErrorWords } from '../../../shared/ipc/result';
import { findingWords } from './finding-words';

const SENTENCES = {
  yamlColonInValue:
    'a value holds “: ”, or a key is indented too far — quote the value, or line the key up with the ones above',
  yamlQuoteNotClosed: 'a quoted value is never closed — add the closing quote',
  yamlTab: 'a line is indented with a tab — indent with spaces',
  yamlDuplicateKey: 'a field is given twice — field names must be unique, keep one',
  yamlNoColon: 'a line is not “field: value” — add the colon, or indent the line to continue the value above',
  yamlReservedStart: 'a value starts with a character YAML reserves — put the value in quotes',
  yamlFlowNotClosed: 'a [ … ] or { … } is not closed — close it, or indent the lines that continue it',
  yamlIndent: 'the indentation does not line up — start the items of one list or mapping at the same column',
} as const;

type ProblemName = keyof typeof SENTENCES;

function problemOf(error: YAMLError): ProblemName | null {
  switch (error.code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
      return /nested mappings/i.test(error.message) ? 'yamlColonInValue' : 'yamlNoColon';
    case 'MISSING_CHAR':
      if (/missing closing/i.test(error.message)) return 'yamlQuoteNotClosed';
      if (/followed by map values/i.test(error.message)) return 'yamlNoColon';
      return null;
    case 'MULTILINE_IMPLICIT_KEY':
      return 'yamlNoColon';
    case 'TAB_AS_INDENT':
      return 'yamlTab';
    case 'DUPLICATE_KEY':
      return 'yamlDuplicateKey';
    case 'BAD_SCALAR_START':
      return 'yamlReservedStart';
    case 'BAD_INDENT':
      return /^flow (sequence|map)/i.test(error.message) ? 'yamlFlowNotClosed' : 'yamlIndent';
    default:
      return null;
  }
}

/** A parser error as a finding's message and words; `column` is 1-based, in the frontmatter's line. */
export function yamlProblem(error: YAMLError, column: number): { message: string; words: ErrorWords } {
  const name = problemOf(error);
  if (name === null) {
    const detail = error.message.split('\n')[0]!;
    return { message: `YAML error: ${detail}`, words: findingWords('yamlError', { detail }) };
  }
  return {
    message: `YAML error at column ${column}: ${SENTENCES[name]}`,
    words: findingWords(name, { column }),
  };
}
