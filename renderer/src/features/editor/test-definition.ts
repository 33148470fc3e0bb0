import type { SkillDefinitionData } from '../../../../shared/types/skill-definition';

/** A parsed prompt skill "notes" for editor tests; `over` replaces any field. */
export function testDefinition(over: Partial<SkillDefinitionData> = {}): SkillDefinitionData {
  return {
    name: 'notes',
    description: 'Takes notes.',
    metadata: {},
    allowedTools: null,
    disallowedTools: [],
    arguments: [],
    argumentSpecs: [],
    disableModelInvocation: false,
    userInvocable: true,
    paths: [],
    executionMode: 'prompt',
    executionModeDeclared: false,
    config: {},
    ...over,
  };
}
