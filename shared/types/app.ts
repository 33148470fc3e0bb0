import { z } from 'zod';

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** Where the core runs: inside Electron, or headless under Node (CLI, `skilldeck serve`). */
  runtime: z.enum(['electron', 'node']),
  platform: z.string(),
  dataDir: z.string(),
  schemaVersion: z.number().int(),
  /** The host can show a folder dialog (`app:pickFolder`): the desktop app; a browser types paths. */
  folderPicker: z.boolean(),
  /** The language of the desktop app's own words (tray, card, dialogs): the dashboard's choice, else the system's. */
  language: z.enum(['en', 'zh-CN']),
  /**
   * Where provider keys are kept: `system` (the OS keyring or secure storage: kept across restarts),
   * `session` (this process's memory: gone when it stops), `environment` (read from a variable).
   */
  secretStore: z.enum(['system', 'session', 'environment']),
});
export type AppInfo = z.infer<typeof AppInfo>;
