// What the Skill tool hands the model: another skill's instructions, rendered as that skill would be when
// run — its own `config` values and `arguments`, the arguments given in the call — never the caller's
// config or arguments. What the user gave this run (the selection, what they typed, the clipboard) is the
// user's data, not the caller's settings, so `{{selection}}` / `{{input}}` / `{{clipboard}}` still see it,
// and so do the context placeholders (`{{app}}`, `{{window_title}}`, `{{date}}`…): where the user was.
import { pluginOfSkill, resolveAgent, type AgentKind, type AgentProblem } from './agent-kinds';
import { argumentDefaults } from '../skills/arguments-field';
import type { SkillRegistry } from '../skills/registry';
import { renderBody, type RunContext } from '../engine/skill-io';

/**
 * The activated skill's instructions; `fork` when it says `context: fork`: the Skill tool runs it as that
 * sub-agent (the body its task) instead of handing the body to the caller.
 */
export type SkillActivation =
  { ok: true; name: string; body: string; fork?: AgentKind | AgentProblem } | { ok: false; error: string };

export async function activateForModel(o: {
  /** The skill id or name the model asked for. */
  name: string;
  /** The call's `args`: `$ARGUMENTS`, `$0…$N` and the skill's named arguments. */
  args: string;
  /** The skill of the running agent: it cannot activate itself. */
  runningSkillId: string;
  /** The skills models may activate. */
  offered: readonly { id: string; name: string }[];
  registry: Pick<SkillRegistry, 'activate'>;
  /** The run's context, for the user's data it shares. */
  run: RunContext;
  /** Where `~/.claude/agents` is (a forked skill's custom agent). */
  homeDir: string;
}): Promise<SkillActivation> {
  const entry = o.offered.find((s) => s.id === o.name || s.name === o.name);
  if (!entry) return { ok: false, error: `no model-invocable skill named "${o.name}"` };
  if (entry.id === o.runningSkillId) {
    return {
      ok: false,
      error: `skill "${o.name}" is the skill running now: a skill cannot activate itself — follow the instructions you already have`,
    };
  }
  const activated = await o.registry.activate(entry.id);
  const definition = activated.loaded.definition;
  const body = renderBody(activated.loaded.body, {
    selection: o.run.selection,
    instruction: o.run.instruction,
    clipboard: o.run.clipboard,
    context: o.run.context,
    locale: o.run.locale,
    config: { ...definition?.config },
    argumentsText: o.args,
    skillDir: activated.entry.realDir,
    declaredArguments: definition?.arguments ?? [],
    argumentDefaults: argumentDefaults(definition?.argumentSpecs ?? []),
  });
  if (definition?.context !== 'fork') return { ok: true, name: entry.name, body };
  const fork = await resolveAgent(definition.agent, {
    plugin: pluginOfSkill(activated.entry),
    homeDir: o.homeDir,
  });
  return { ok: true, name: entry.name, body, fork };
}
