import type { SkillTemplate } from '../../../shared/types/skill';

export interface TemplateInput {
  id: string;
  description?: string;
}

// YAML double-quoted, so any description (colons, quotes, `#`) stays one plain string.
const quoted = (s: string) => JSON.stringify(s.replace(/\s+/g, ' ').trim());

const DEFAULT_DESCRIPTIONS: Record<SkillTemplate, string> = {
  prompt: 'Rewrites the selected text. Say here what it does and when to use it.',
  workflow: 'Drafts a piece in steps: outline, then draft, then review. Say here when to use it.',
  agent: 'Answers questions about files by reading and searching them. Say here when to use it.',
};

/**
 * The SKILL.md of a new skill: a starting point that loads without findings, passes `validate --strict`
 * (Skilldeck's fields under `metadata.skilldeck`) and explains itself.
 */
export function renderTemplate(template: SkillTemplate, input: TemplateInput): string {
  const description = quoted(input.description?.trim() || DEFAULT_DESCRIPTIONS[template]);
  const head = `---\nname: ${input.id}\ndescription: ${description}\n`;
  switch (template) {
    case 'prompt':
      return `${head}---
You rewrite the text you are given.

- Keep the meaning and the language of the original.
- Answer with the result only, without a preamble.

{{selection}}
`;
    case 'workflow':
      return `${head}metadata:
  skilldeck:
    execution-mode: workflow
    workflow:
      steps:
        - id: outline
          name: Outline
          prompt: Make a short outline for the text the user asks for.
          input: \${user_input}
        - id: draft
          name: Draft
          prompt: Write the text following this outline.
          input: \${outline.output}
          dependencies:
            - outline
        - id: review
          name: Review
          prompt: Tighten the draft and fix mistakes. Answer with the final text only.
          input: \${draft.output}
          dependencies:
            - draft
---
Each step above has its own prompt; this text is shared by all of them as background.
`;
    case 'agent':
      return `${head}allowed-tools: Read, Grep, Glob
metadata:
  skilldeck:
    execution-mode: agent
    max-iterations: 10
---
You answer the user's question by looking at their files.

1. Find the relevant files with Glob and Grep.
2. Read what you need with Read.
3. Answer briefly, naming the files you used.
`;
  }
}
