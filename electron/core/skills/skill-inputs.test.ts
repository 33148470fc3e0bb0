import { describe, expect, it } from 'vitest';
import { loadSkillFile } from './load';
import { skillInputs } from './skill-inputs';

const inputsOf = (frontmatter: string, body: string) => {
  const loaded = loadSkillFile(
    Buffer.from(`---\nname: demo\ndescription: Demo.\n${frontmatter}---\n${body}`),
    {
      file: '/skills/demo/SKILL.md',
      folderName: 'demo',
    },
  );
  return skillInputs(loaded.definition, loaded.body);
};

describe('skillInputs', () => {
  it('says whether the body or a workflow step uses {{selection}}', () => {
    expect(inputsOf('', 'Rewrite {{ selection }} please.').usesSelection).toBe(true);
    expect(inputsOf('', 'Rewrite the text you are given.').usesSelection).toBe(false);
    const workflow = [
      'workflow:',
      '  steps:',
      '    - id: a',
      '      prompt: Plan.',
      '      input: "Text: {{selection}}"',
      '',
    ].join('\n');
    expect(inputsOf(workflow, '').usesSelection).toBe(true);
  });

  it('says whether what is typed is also its arguments', () => {
    expect(inputsOf('arguments: [lang]\n', 'To $lang.').takesArguments).toBe(true);
    expect(inputsOf('argument-hint: "[language]"\n', 'Translate.').takesArguments).toBe(true);
    expect(inputsOf('', 'Translate to $ARGUMENTS.').takesArguments).toBe(true);
    // escaped: a literal, not a placeholder
    expect(inputsOf('', String.raw`Write \$ARGUMENTS literally.`).takesArguments).toBe(false);
    expect(inputsOf('', 'Plain.').takesArguments).toBe(false);
  });
});
