import { readDefinition, type FieldContext } from './fields';
import { findingWords } from './finding-words';
import { decodeSkillFile, splitSkillFile, type SplitSkillFile } from './parse';
import { strictFindings } from './strict';
import type { Finding, ParsedSkillFile } from './types';

export interface LoadContext {
  file: string;
  /** The skill's id. */
  folderName: string;
  layout?: FieldContext['layout'];
  /** Add the Agent Skills spec's rules as errors (`skilldeck validate --strict`). */
  strict?: boolean;
}

export interface LoadedSkillFile extends ParsedSkillFile {
  /** The split file (YAML document, line ends, BOM) for editing; null when it could not be split. */
  source: SplitSkillFile | null;
}

/** Findings in file order; ones without a line first (stable otherwise). */
const byLine = (findings: Finding[]) => findings.slice().sort((a, b) => (a.line ?? 0) - (b.line ?? 0));

/**
 * What an exception while reading one skill becomes: that skill's error, never its neighbours' (the
 * listing, validate and the editor go on). A defect of the loader: the message asks to report it.
 */
export function loadFailure(error: unknown, file: string): Finding {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    code: 'load-failed',
    severity: 'error',
    message: `Skilldeck could not read this skill (${detail}); please report it`,
    words: findingWords('loadFailed', { detail }),
    file,
  };
}

/** Reads one SKILL.md into a definition and findings. Never throws: every problem is a finding. */
export function loadSkillFile(raw: Uint8Array | string, ctx: LoadContext): LoadedSkillFile {
  try {
    return readSkillFile(raw, ctx);
  } catch (error) {
    return {
      frontmatter: null,
      body: '',
      bodyLine: 1,
      findings: [loadFailure(error, ctx.file)],
      definition: null,
      runnable: false,
      source: null,
    };
  }
}

function readSkillFile(raw: Uint8Array | string, ctx: LoadContext): LoadedSkillFile {
  const decoded = typeof raw === 'string' ? { text: raw } : decodeSkillFile(raw, ctx.file);
  if ('finding' in decoded) {
    return {
      frontmatter: null,
      body: '',
      bodyLine: 1,
      findings: [decoded.finding],
      definition: null,
      runnable: false,
      source: null,
    };
  }
  const split = splitSkillFile(decoded.text, ctx.file);
  // `file.doc` is built lazily on the fast path: only strict mode asks for it
  const strict = (file: SplitSkillFile | null) =>
    ctx.strict ? strictFindings(decoded.text, file?.doc ?? null, ctx.folderName, ctx.file, file?.lineOf) : [];
  if (!split.ok) {
    const findings = [...split.findings, ...strict(null)];
    return {
      frontmatter: null,
      body: split.body,
      bodyLine: split.bodyLine,
      findings,
      definition: null,
      runnable: false,
      source: null,
    };
  }
  const { file } = split;
  const data = file.data as Record<string, unknown>;
  const read = readDefinition(data, {
    file: ctx.file,
    folderName: ctx.folderName,
    lineOf: file.lineOf,
    layout: ctx.layout,
  });
  const findings = byLine([...split.findings, ...read.findings, ...strict(file)]);
  return {
    frontmatter: data,
    body: file.body,
    bodyLine: file.bodyLine,
    findings,
    definition: read.definition,
    runnable: !findings.some((f) => f.severity === 'error'),
    source: file,
  };
}
