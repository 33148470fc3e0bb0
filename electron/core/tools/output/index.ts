import type { ToolRegistry } from '../registry';
import { registerClipboard } from './clipboard';
import { registerFloatingCard } from './floating-card';
import { registerInsertText } from './insert-text';
import { registerSaveMemo } from './save-memo';
import type { OutputToolDeps } from './types';

export { OUTPUT_TOOLS, isOutputTool } from './types';
export type { OutputDelivery, OutputPorts, OutputToolDeps, OutputToolName } from './types';
export { insertOrFallBack } from './insert-text';

/** Registers insert_text, clipboard, save_memo and floating_card, acting through the platform ports. */
export function registerOutputTools(registry: ToolRegistry, deps: OutputToolDeps): void {
  registerInsertText(registry, deps);
  registerClipboard(registry, deps);
  registerSaveMemo(registry, deps);
  registerFloatingCard(registry, deps);
}
