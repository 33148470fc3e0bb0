import type { Handlers } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/ipc/result';
import type { UserPrompts } from './broker';
import type { PermissionRepo } from './permission-repo';
import { parseRule, RuleError } from './rules';
import { loadShellParser } from './shell-command';

export type PermissionHandlers = Pick<
  Handlers,
  | 'runs:answer'
  | 'permissions:respond'
  | 'permissions:pending'
  | 'permissions:rules'
  | 'permissions:grant'
  | 'permissions:revoke'
  | 'permissions:audit'
  | 'permissions:mode'
>;

export function createPermissionHandlers(repo: PermissionRepo, prompts: UserPrompts): PermissionHandlers {
  return {
    'runs:answer': ({ runId, requestId, answer }) => ({ answered: prompts.answer(runId, requestId, answer) }),
    'permissions:respond': async ({ runId, requestId, choice, reason, rule }) => {
      // an edited rule is checked before the run goes on with it
      if (rule !== undefined) {
        await loadShellParser();
        try {
          parseRule(rule);
        } catch (error) {
          if (error instanceof RuleError) throw new AppError('BAD_REQUEST', error.message);
          throw error;
        }
      }
      return { answered: prompts.respond(runId, requestId, { choice, reason, rule }) };
    },
    'permissions:pending': () => prompts.open(),
    'permissions:rules': (query) => repo.listRules(query ?? undefined),
    'permissions:grant': async (input) => {
      await loadShellParser(); // Bash rules are read by the shell parser
      try {
        return repo.addRule(input);
      } catch (error) {
        if (error instanceof RuleError) throw new AppError('BAD_REQUEST', error.message);
        throw error;
      }
    },
    'permissions:revoke': ({ id }) => {
      if (!repo.removeRule(id)) throw new AppError('NOT_FOUND', `no permission rule ${id}`);
      return { id };
    },
    'permissions:audit': (query) => repo.listAudit(query ?? undefined),
    'permissions:mode': (input) => {
      if (input?.mode !== undefined) repo.setMode(input.mode);
      return { mode: repo.getMode() };
    },
  };
}
