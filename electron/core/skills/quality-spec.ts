// `quality:` of a workflow step or a phase (docs/SKILL-FORMAT.md, "Quality checks"): read into a
// QualitySpec with defaults, every bad value an error finding saying what to write instead.
import type { ErrorWords } from '../../../shared/ipc/result';
import type { QualitySpec } from '../../../shared/types/skill-definition';
import { isPlainObject } from './coerce';
import { findingWords } from './finding-words';
import type { Finding } from './types';

export const QUALITY_KEYS = ['threshold', 'criteria', 'max_attempts', 'on_fail', 'model', 'provider'];
const ON_FAIL = ['retry', 'continue', 'fail'] as const;
export const DEFAULT_MAX_ATTEMPTS = 2;

/** Where a finding points: the file, and the line of `quality` or of one of its keys. */
export type QualityPlace = (key?: string) => { file: string; line?: number };

/** A number written as a YAML number or as text holding one; undefined otherwise. */
function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/**
 * Reads `quality` of step `id`. Errors leave no spec (the skill cannot run until fixed); keys it does
 * not know are warnings (a typo such as `treshold` also leaves `threshold` missing, an error).
 */
export function readQuality(
  value: unknown,
  id: string,
  place: QualityPlace,
): { spec?: QualitySpec; findings: Finding[] } {
  const findings: Finding[] = [];
  const add = (
    severity: Finding['severity'],
    code: string,
    message: string,
    words: ErrorWords,
    key?: string,
  ) => {
    const at = place(key);
    findings.push({ code, severity, message, words, file: at.file, ...(at.line ? { line: at.line } : {}) });
  };
  const error = (message: string, words: ErrorWords, key?: string) =>
    add('error', 'quality-invalid', message, words, key);

  if (!isPlainObject(value)) {
    error(
      `step "${id}": \`quality\` must be a mapping with a \`threshold\` from 0 to 100 (and optionally \`criteria\`, \`max_attempts\`, \`on_fail\`, \`model\`, \`provider\`)`,
      findingWords('qualityNotMapping', { id }),
    );
    return { findings };
  }
  for (const key of Object.keys(value)) {
    if (!QUALITY_KEYS.includes(key)) {
      add(
        'warning',
        'unknown-field',
        `step "${id}": \`quality.${key}\` is not a quality setting (${QUALITY_KEYS.join(', ')}); it is ignored`,
        findingWords('qualityUnknownKey', { id, key, known: QUALITY_KEYS.join(', ') }),
        key,
      );
    }
  }
  const threshold = readNumber(value.threshold);
  if (threshold === undefined || threshold < 0 || threshold > 100) {
    error(
      `step "${id}": \`quality.threshold\` must be a number from 0 to 100 (the lowest score that passes)`,
      findingWords('qualityThreshold', { id }),
      value.threshold === undefined ? undefined : 'threshold',
    );
  }
  const maxAttempts =
    value.max_attempts === undefined ? DEFAULT_MAX_ATTEMPTS : readNumber(value.max_attempts);
  if (maxAttempts === undefined || !Number.isInteger(maxAttempts) || maxAttempts < 0 || maxAttempts > 10) {
    error(
      `step "${id}": \`quality.max_attempts\` must be a whole number from 0 to 10 (re-runs after a low score)`,
      findingWords('qualityMaxAttempts', { id }),
      'max_attempts',
    );
  }
  const onFail = value.on_fail === undefined ? 'retry' : value.on_fail;
  if (!ON_FAIL.includes(onFail as (typeof ON_FAIL)[number])) {
    error(
      `step "${id}": \`quality.on_fail\` must be retry, continue or fail`,
      findingWords('qualityOnFail', { id }),
      'on_fail',
    );
  }
  const texts: Partial<Record<'criteria' | 'model' | 'provider', string>> = {};
  for (const field of ['criteria', 'model', 'provider'] as const) {
    const raw = value[field];
    if (raw === undefined || raw === null) continue;
    if (typeof raw !== 'string' || raw.trim() === '') {
      error(
        `step "${id}": \`quality.${field}\` must be text`,
        findingWords('qualityText', { id, field }),
        field,
      );
    } else texts[field] = raw.trim();
  }
  if (findings.some((f) => f.severity === 'error')) return { findings };
  return {
    spec: {
      threshold: threshold!,
      maxAttempts: maxAttempts!,
      onFail: onFail as QualitySpec['onFail'],
      ...texts,
    },
    findings,
  };
}
