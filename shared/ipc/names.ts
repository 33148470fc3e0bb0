// The one list of channel and event names. contract.ts and events.ts are keyed by exactly these
// (a mismatch fails to compile), and the preload imports only this file, not zod.

export const CHANNELS = [
  'app:info',
  'skills:list',
  'skills:get',
  'skills:create',
  'skills:update',
  'skills:check',
  'skills:duplicate',
  'skills:delete',
  'skills:restore',
  'skills:trash',
  'skills:sources',
  'skills:addSource',
  'skills:removeSource',
  'app:pickFolder',
  'app:setLanguage',
  'meta:get',
  'meta:update',
  'providers:list',
  'providers:save',
  'providers:delete',
  'providers:test',
  'providers:models',
  'providers:addKey',
  'providers:editKey',
  'providers:removeKey',
  'runs:start',
  'runs:cancel',
  'runs:list',
  'runs:get',
  'runs:delete',
  'runs:resume',
  'runs:answer',
  'runs:usage',
  'runs:continue',
  'runs:deliver',
  'permissions:respond',
  'permissions:pending',
  'permissions:rules',
  'permissions:grant',
  'permissions:revoke',
  'permissions:audit',
  'permissions:mode',
  'mcp:list',
  'mcp:save',
  'mcp:delete',
  'trigger:run',
  'trigger:launcher',
  'hotkeys:status',
  'hotkeys:pause',
  'hotkeys:setLauncher',
  'hotkeys:behaviour',
  'hotkeys:test',
  'desktop:check',
  'toolbar:settings',
  'toolbar:update',
  'memos:list',
  'memos:search',
  'memos:get',
  'memos:delete',
  'memos:export',
  'apps:list',
  'apps:save',
  'apps:delete',
  'apps:nextPasteKey',
  'apps:toolbar',
  'search:settings',
  'search:update',
  'search:test',
  'packs:export',
  'packs:upload',
  'packs:fetch',
  'packs:preview',
  'packs:install',
  'packs:discard',
  'speech:settings',
  'speech:update',
  'speech:test',
  'speech:begin',
  'speech:append',
  'speech:finish',
  'speech:discard',
] as const;
export type Channel = (typeof CHANNELS)[number];

export const EVENTS = [
  'skills:changed',
  'meta:changed',
  'runs:event',
  'hotkeys:changed',
  'card:show',
  'toolbar:changed',
  'providers:changed',
  'speech:changed',
] as const;
export type EventName = (typeof EVENTS)[number];

/** The one Electron IPC channel that carries core events to windows, as (event name, payload). */
export const EVENT_CHANNEL = 'skilldeck:event';

// Pure: a preload that uses only the shell channels below leaves these out of its bundle.
const channelSet: ReadonlySet<string> = /* @__PURE__ */ new Set(CHANNELS);
const eventSet: ReadonlySet<string> = /* @__PURE__ */ new Set(EVENTS);

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && channelSet.has(name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && eventSet.has(name);
}

// The floating card's and the command bar's channels. They are not contract channels: these windows never
// reach the core, only the main process, which checks the sender is that very window. Their messages'
// schemas are in shell.ts; the card and command bar preloads import these names from here.

export const CARD_CHANNELS = {
  /** main → card: the card to show (`CardMessage`). */
  update: 'skilldeck-card:update',
  /** card → main: a button (`CardAction`). */
  action: 'skilldeck-card:action',
  /** main → card: the providers and models Retry with… offers (`CardModels`). */
  models: 'skilldeck-card:models',
  /** main → card: the follow-up mic's recording, and what was said (`Dictation`). */
  dictated: 'skilldeck-card:dictated',
} as const;

export const COMMAND_BAR_CHANNELS = {
  /** main → command bar: what it asks and what was captured (`CommandBarContext`). */
  context: 'skilldeck-command-bar:context',
  /** command bar → main: the instruction typed. */
  submit: 'skilldeck-command-bar:submit',
  /** command bar → main: dismissed. */
  cancel: 'skilldeck-command-bar:cancel',
  /** launcher → main: what is typed in the filter. */
  query: 'skilldeck-command-bar:query',
  /** main → launcher: the skills for what is typed (`LauncherList`). */
  skills: 'skilldeck-command-bar:skills',
  /** launcher → main: the skill chosen, with the instruction typed after choosing it. */
  choose: 'skilldeck-command-bar:choose',
  /** launcher → main: a skill that asks was chosen; the list is gone, the window shrinks to the bar. */
  compact: 'skilldeck-command-bar:compact',
  /** command bar → main: the mic button (say the instruction instead of typing it). */
  dictate: 'skilldeck-command-bar:dictate',
  /** main → command bar: the recording's state, and what was said (`Dictation`). */
  dictated: 'skilldeck-command-bar:dictated',
} as const;

// The selection toolbar's channels (electron/main/windows/toolbar-window.ts): like the card's, they reach
// only the main process, which checks the sender is the toolbar window. Schemas in shell.ts.
export const TOOLBAR_CHANNELS = {
  /** main → toolbar: the pinned skills and the buttons' words (`ToolbarView`). */
  view: 'skilldeck-toolbar:view',
  /** toolbar → main: a pinned skill clicked (its id). */
  run: 'skilldeck-toolbar:run',
  /** toolbar → main: "…", the launcher on the same selection. */
  more: 'skilldeck-toolbar:more',
  /** toolbar → main: Copy. */
  copy: 'skilldeck-toolbar:copy',
  /** toolbar → main: the width its buttons need, measured once drawn; the window is made that wide. */
  fit: 'skilldeck-toolbar:fit',
} as const;
