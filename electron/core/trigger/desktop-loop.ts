// The desktop loop's wiring, in two steps around the executor (core.ts stays a list of domains): first
// the output side — the trigger session every card goes through, the output tools and the run delivery
// the executor is built with — then the trigger side — `trigger:run` and the `hotkeys:*` handlers.
import type { Handlers } from '../../../shared/ipc/contract';
import type { DesktopText } from '../i18n/desktop-text';
import type { MemoRepo } from '../memos/memo-repo';
import type { PlatformPorts } from '../platform';
import { createAppRuleBook, type AppRuleBook } from '../apps/app-rule-book';
import { ruleAwareInserter, ruleAwareSelection } from '../apps/rule-ports';
import { registerOutputTools } from '../tools/output';
import { createRunDelivery } from '../tools/output/run-delivery';
import type { ToolRegistry } from '../tools/registry';
import type { SettingsStore } from '../store/settings';
import type { SkillMetaRepo } from '../store/skill-meta';
import { createLauncher, type LauncherDeps } from './launcher';
import { createRunQueue } from './run-queue';
import { createTrigger, createTriggerFlow, type TriggerDeps } from './trigger';
import { createTriggerHandlers, type HotkeyService, type TriggerChannel } from './trigger-handlers';
import { createTriggerSession, type TriggerSession } from './trigger-session';

/**
 * Puts the trigger session in front of the card port and the per-app rules in front of capture and paste,
 * and registers the output tools through them.
 */
export function createOutputSide(deps: {
  ports: PlatformPorts;
  tools: ToolRegistry;
  memos: MemoRepo;
  text: DesktopText;
  settings: Pick<SettingsStore, 'get' | 'set'>;
}) {
  const { ports, tools, memos, text } = deps;
  const session = createTriggerSession(ports.card);
  const queue = createRunQueue();
  ports.card = session.card;
  const appRules = createAppRuleBook(deps.settings);
  ports.selection = ruleAwareSelection(ports.selection, appRules);
  ports.inserter = ruleAwareInserter(ports.inserter, ports.focus, appRules);
  registerOutputTools(tools, { ports, memos, targetOf: session.targetOf, text });
  const delivery = createRunDelivery({
    tools,
    ports,
    text,
    targetOf: session.targetOf,
    onDelivered: session.delivered,
    turn: queue.turn,
  });
  return { session, queue, delivery, ports, text, appRules };
}

/** `trigger:run`, `trigger:launcher` and `hotkeys:*` over the trigger flow. */
export function createTriggerSide(
  deps: Omit<TriggerDeps, 'session' | 'settings'> & {
    session: TriggerSession;
    settings: Pick<SettingsStore, 'get' | 'set'>;
    metas: Pick<SkillMetaRepo, 'list'>;
    hotkeys?: HotkeyService;
    appRules?: Pick<AppRuleBook, 'ruleFor'>;
  } & Pick<LauncherDeps, 'listSkills' | 'usage'>,
): Pick<Handlers, TriggerChannel> {
  const flow = createTriggerFlow(deps);
  const defaultSkillFor = (app: string | null) => deps.appRules?.ruleFor(app)?.defaultSkill ?? null;
  const launch = createLauncher({ ...deps, flow, defaultSkillFor });
  return createTriggerHandlers({ ...deps, trigger: createTrigger(flow), launch });
}
