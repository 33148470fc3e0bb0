import { z } from 'zod';
import { RunId } from './run';
import { SkillId } from './skill';

export const PermissionMode = z.enum(['default', 'acceptEdits', 'plan', 'unrestricted']);
export type PermissionMode = z.infer<typeof PermissionMode>;

export const RequestId = z.string().regex(/^req_[0-9A-Za-z_-]{6,64}$/, 'not a request id');

/** The answer to a `permission_request`. */
export const PermissionRespondInput = z
  .object({
    runId: RunId,
    requestId: RequestId,
    choice: z.enum(['allow_once', 'allow_run', 'allow_always', 'deny']),
    /** deny: why (it reaches the model as the tool result). */
    reason: z.string().max(2000).optional(),
    /** allow_run / allow_always: the rule to grant instead of the suggested one. */
    rule: z.string().min(1).max(1000).optional(),
  })
  .strict();

export const AskUserAnswerInput = z
  .object({ runId: RunId, requestId: RequestId, answer: z.string().max(100_000) })
  .strict();

/** A prompt or question still open, with its run. */
export const OpenRequest = z.object({
  requestId: z.string(),
  runId: RunId,
  kind: z.enum(['permission', 'ask_user']),
  callId: z.string(),
  expiresAt: z.number().nullable(),
});

export const RuleList = z.enum(['allow', 'ask', 'deny']);

export const PermissionRule = z.object({
  id: z.number().int(),
  /** null: a global rule. */
  skillId: z.string().nullable(),
  list: RuleList,
  rule: z.string(),
  createdAt: z.number().int(),
});

export const PermissionRulesQuery = z
  .object({ skillId: SkillId.nullable().optional(), list: RuleList.optional() })
  .strict()
  .optional();

export const PermissionGrantInput = z
  .object({ skillId: SkillId.nullable(), list: RuleList, rule: z.string().min(1).max(1000) })
  .strict();

export const PermissionAuditQuery = z
  .object({ runId: RunId.optional(), limit: z.number().int().min(1).max(10_000).optional() })
  .strict()
  .optional();

export const PermissionAuditRow = z.object({
  id: z.number().int(),
  runId: z.string(),
  skillId: z.string(),
  tool: z.string(),
  inputJson: z.string(),
  decision: z.enum(['allow', 'deny', 'ask']),
  source: z.string(),
  rule: z.string().nullable(),
  reason: z.string(),
  at: z.number(),
});
