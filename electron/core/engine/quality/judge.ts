// The quality judge: one model call scoring a step's answer 0–100 against criteria, asked for JSON
// `{score, reason}` (structured output where the provider takes it). A reply that is not such JSON, or a
// call that fails, is tried once more — without the structured-output request when the provider refused
// it (a 400: a server that does not take `response_format` json_schema) — then reported as a failure.
import type { ErrorWords } from '../../../../shared/ipc/result';
import type { QualitySpec } from '../../../../shared/types/skill-definition';
import { ModelError } from '../../providers/gateway';
import { parseJsonObject } from '../autonomous';
import { isCancel, messageOf, type RunExecution } from '../run-execution';

export type Verdict =
  | { ok: true; score: number; reason: string }
  | { ok: false; cancelled: boolean; error: string; words?: ErrorWords };

export const VERDICT_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    score: { type: 'integer', description: 'From 0 (useless) to 100 (fully meets the criteria).' },
    reason: { type: 'string', description: 'What is missing or wrong, or why it is good.' },
  },
  required: ['score', 'reason'],
  additionalProperties: false,
};

export const JUDGE_SYSTEM = [
  'You review an answer against criteria and score it from 0 (useless) to 100 (fully meets them).',
  'Reply with only a JSON object: {"score": <whole number from 0 to 100>, "reason": "<in one to three sentences: what is missing or wrong, or why it is good>"}.',
  'The reason is shown to whoever writes the next attempt: make it specific enough to act on.',
].join('\n');

/** The most characters of the criteria, the input and the answer the judge is sent (each). */
const MAX_PART = 30_000;
const capped = (text: string) =>
  text.length <= MAX_PART
    ? text
    : `${text.slice(0, MAX_PART)}\n[… ${text.length - MAX_PART} more characters]`;

export function judgeMessage(parts: { criteria: string; input: string; answer: string }): string {
  const sections = [`# Criteria\n\n${capped(parts.criteria.trim())}`];
  if (parts.input.trim() !== '') sections.push(`# The task's input\n\n${capped(parts.input.trim())}`);
  sections.push(`# The answer to score\n\n${capped(parts.answer)}`);
  return sections.join('\n\n');
}

/** `{score, reason}` from the judge's reply, or what is wrong with it. */
export function readVerdict(text: string): { score: number; reason: string } | { problem: string } {
  const value = parseJsonObject(text);
  const excerpt = text.trim().replace(/\s+/g, ' ').slice(0, 120);
  const notJson = `its reply was not JSON {score, reason}${excerpt ? `: "${excerpt}"` : ' (it was empty)'}`;
  if (!value) return { problem: notJson };
  const score = typeof value.score === 'string' ? Number(value.score) : value.score;
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 100) {
    return { problem: `its reply gave no score from 0 to 100: "${excerpt}"` };
  }
  const reason = typeof value.reason === 'string' ? value.reason.trim() : '';
  return { score: Math.round(score), reason: reason || '(no reason given)' };
}

/** Scores `answer`; the judge's provider and model are the quality spec's, else the step's. */
export async function judgeAnswer(
  run: Pick<RunExecution, 'deps' | 'target' | 'addUsage' | 'limits'>,
  spec: QualitySpec,
  parts: { criteria: string; input: string; answer: string },
  signal: AbortSignal,
): Promise<Verdict> {
  const providerName = spec.provider ?? run.target.provider;
  const model = spec.model ?? (spec.provider !== undefined ? undefined : run.target.model);
  const message = judgeMessage(parts);
  let problem = '';
  let structured = true;
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      const result = await run.deps.gateway.streamText({
        ...(providerName !== undefined ? { providerName } : {}),
        ...(model !== undefined ? { model } : {}),
        system: JUDGE_SYSTEM,
        messages: [{ role: 'user', content: message }],
        maxOutputTokens: run.deps.maxOutputTokens,
        ...(structured ? { responseFormat: { schema: VERDICT_SCHEMA, name: 'quality_score' } } : {}),
        signal,
        onToken: () => undefined,
        onRateLimited: (limited) => run.limits.rateLimited(limited),
      });
      run.addUsage(result.usage);
      const verdict = readVerdict(result.text);
      if ('score' in verdict) return { ok: true, ...verdict };
      problem = verdict.problem;
    } catch (error) {
      if (isCancel(error, signal)) return { ok: false, cancelled: true, error: 'cancelled' };
      problem = messageOf(error);
      if (error instanceof ModelError && error.details.status === 400) structured = false;
    }
  }
  return {
    ok: false,
    cancelled: false,
    error: `the quality judge could not score the answer: ${problem}`,
    words: { key: 'runs.qualityNotScored', values: { problem } },
  };
}
