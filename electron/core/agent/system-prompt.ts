// The agent's system prompt (DESIGN §6): the skill body, then what the agent works with.

export interface AgentPromptParts {
  body: string;
  workdir: string;
  tools: readonly string[];
  model: string;
  maxIterations: number;
  /** Model-invocable skills: name and description. */
  skills: readonly { name: string; description: string }[];
  /** The skill's MEMORY.md, when present. */
  memory?: string;
}

export function agentSystemPrompt(p: AgentPromptParts): string {
  const sections = [p.body.trim()];
  sections.push(
    [
      '# Environment',
      `- Working directory: ${p.workdir} (file tools and Bash act inside it; paths may be relative to it)`,
      `- Tools: ${p.tools.length > 0 ? p.tools.join(', ') : '(none)'}`,
      `- Model: ${p.model}`,
      `- At most ${p.maxIterations} model turns: finish with a plain answer (no tool call) when done.`,
      '- Some tool calls need the user’s permission; a denied call comes back with the reason. Do not retry it unchanged.',
    ].join('\n'),
  );
  if (p.skills.length > 0) {
    sections.push(
      [
        '# Available skills',
        'Activate one with the Skill tool when the task matches its description.',
        ...p.skills.map((s) => `- ${s.name}: ${s.description}`),
      ].join('\n'),
    );
  }
  if (p.memory !== undefined && p.memory.trim() !== '')
    sections.push(`# Memory (MEMORY.md)\n${p.memory.trim()}`);
  return sections.filter((s) => s !== '').join('\n\n');
}
