import type { TFunction } from 'i18next';

/** Where a run's result went, in words ("Inserted at the cursor", "Shown in a card"); a tool the
 * dashboard has no sentence for (an MCP output tool) is named as the host reported it. */
export function outputSentence(t: TFunction, tool: string): string {
  const key = `runs:panel.outputDone.${tool}`;
  return t(key, { defaultValue: '' }) || t('runs:panel.outputTool', { tool });
}
