// `apps:*`: Settings › Apps lists, saves and deletes the per-app rules; the card's "use another paste key"
// moves an app on to the next paste key.
import type { Handlers } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/ipc/result';
import type { SkillRegistry } from '../skills/registry';
import type { AppRuleBook } from './app-rule-book';

export type AppRuleChannel = 'apps:list' | 'apps:save' | 'apps:delete' | 'apps:nextPasteKey' | 'apps:toolbar';

export function createAppRuleHandlers(
  book: AppRuleBook,
  skills: Pick<SkillRegistry, 'get'>,
): Pick<Handlers, AppRuleChannel> {
  return {
    'apps:list': () => ({ rules: book.list(), seen: book.seen() }),
    'apps:save': (input) => {
      if (input.defaultSkill !== null && !skills.get(input.defaultSkill)) {
        throw new AppError('NOT_FOUND', `no skill "${input.defaultSkill}" to make the default`, {
          words: { key: 'apps.noSuchSkill', values: { skill: input.defaultSkill } },
        });
      }
      return book.save(input);
    },
    'apps:delete': ({ app }) => {
      if (!book.remove(app))
        throw new AppError('NOT_FOUND', `no rule of yours for "${app}"`, {
          words: { key: 'apps.noRule', values: { app } },
        });
      return { rules: book.list(), seen: book.seen() };
    },
    'apps:nextPasteKey': ({ app, tried }) => book.usePasteKeyAfter(app, tried),
    'apps:toolbar': ({ app, excluded }) => {
      book.setToolbarExcluded(app, excluded);
      return { rules: book.list(), seen: book.seen() };
    },
  };
}
