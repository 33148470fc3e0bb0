import { z } from 'zod';
import type { Channel } from './names';
import { AppInfo } from '../types/app';
import {
  NewSkillId,
  FolderPath,
  SkillDetail,
  SkillId,
  SkillMeta,
  SkillMetaPatch,
  SkillSourceInfo,
  SourceKind,
  SkillSummary,
  SkillTemplate,
  SkillCheck,
  SkillCheckResult,
  SkillUpdate,
  TrashedSkill,
} from '../types/skill';
import {
  RunContinue,
  RunDeliver,
  RunDelivered,
  RunDetail,
  RunId,
  RunListQuery,
  RunPage,
  RunStart,
  SkillUsage,
} from '../types/run';
import {
  MemoExport,
  MemoExportInput,
  Memo,
  MemoId,
  MemoListInput,
  MemoPage,
  MemoSearchInput,
  MemoSearchResult,
} from '../types/memo';
import {
  AskUserAnswerInput,
  OpenRequest,
  PermissionAuditQuery,
  PermissionAuditRow,
  PermissionGrantInput,
  PermissionMode,
  PermissionRespondInput,
  PermissionRule,
  PermissionRulesQuery,
} from '../types/permission';
import { DesktopCheckInput, DesktopCheckReport } from '../types/desktop-check';
import { mcpChannels } from '../types/mcp';
import {
  AppRef,
  AppRule,
  AppRuleInput,
  AppRulesOverview,
  NextPasteKeyInput,
  ToolbarExclusionInput,
} from '../types/app-rules';
import {
  HotkeyBehaviour,
  HotkeyBehaviourInput,
  HotkeyTestInput,
  HotkeysOverview,
  LauncherHotkeyInput,
  LauncherInput,
  LauncherResult,
  TriggerInput,
  TriggerResult,
} from '../types/desktop';
import {
  Provider,
  ProviderId,
  ProviderModels,
  ProviderSaveInput,
  ProviderAddKeyInput,
  ProviderEditKeyInput,
  ProviderRemoveKeyInput,
  ProviderTestResult,
} from '../types/provider';
import {
  RecordingId,
  SpeechAppend,
  SpeechBegin,
  SpeechFinish,
  SpeechSettingsPatch,
  SpeechSettingsView,
  SpeechTestInput,
  SpeechTestResult,
  Transcript,
} from '../types/speech';
import { ToolbarSettings, ToolbarUpdate } from '../types/toolbar';
import { webSearchChannels } from '../types/web-search';
import {
  PackExported,
  PackExportInput,
  PackFetchInput,
  PackInstalled,
  PackInstallInput,
  PackOpenInput,
  PackPreview,
  PackUploaded,
  PackUploadInput,
  UploadId,
} from '../types/pack';

export interface ChannelSpec {
  input: z.ZodType;
  output: z.ZodType;
}

/** Every request the dashboard (or any client) can make, with its input and output schema. */
export const contract = {
  'app:info': { input: z.undefined(), output: AppInfo },
  /** Every skill found, by precedence; shadowed ones too (with `shadowedBy`). */
  'skills:list': { input: z.undefined(), output: z.array(SkillSummary) },
  /** One skill read fresh from disk: text, hash, definition, resources. */
  'skills:get': { input: z.object({ skillId: SkillId }).strict(), output: SkillDetail },
  /** A new skill in the user folder, from a template. */
  'skills:create': {
    input: z
      .object({ skillId: NewSkillId, template: SkillTemplate, description: z.string().max(1024).optional() })
      .strict(),
    output: SkillDetail,
  },
  /** Edits SKILL.md (fields or raw text); CONFLICT when it changed on disk since `baseHash` was read. */
  'skills:update': { input: SkillUpdate, output: SkillDetail },
  /** Checks text as SKILL.md (same rules and findings as loading it) without writing anything. */
  'skills:check': { input: SkillCheck, output: SkillCheckResult },
  /** Copies a skill's folder into the user folder under a new id (the way to edit a built-in). */
  'skills:duplicate': {
    input: z.object({ skillId: SkillId, newId: NewSkillId }).strict(),
    output: SkillDetail,
  },
  /** Moves a skill's folder to the trash (`<data dir>/trash/`); `skills:restore` brings it back. */
  'skills:delete': { input: z.object({ skillId: SkillId }).strict(), output: TrashedSkill },
  'skills:restore': {
    input: z.object({ trashId: z.string().regex(/^\d+-[^/\\\0]+$/, 'not a trash id') }).strict(),
    output: SkillDetail,
  },
  'skills:trash': { input: z.undefined(), output: z.array(TrashedSkill) },
  /** The folders searched, by precedence, and the well-known folders offered for linking. */
  'skills:sources': { input: z.undefined(), output: z.array(SkillSourceInfo) },
  /**
   * Searches one more folder for skills, or (`kind: 'plugin'`) one more plugin — its `skills/`, ids
   * `<plugin>:<skill>` — kept in Settings (`~` allowed); the sources as they are now.
   */
  'skills:addSource': {
    input: z.object({ path: FolderPath, kind: SourceKind.optional() }).strict(),
    output: z.array(SkillSourceInfo),
  },
  /** Stops searching a folder or plugin added with skills:addSource (its files are not touched). */
  'skills:removeSource': {
    input: z.object({ path: FolderPath }).strict(),
    output: z.array(SkillSourceInfo),
  },
  /** The desktop app's folder dialog (`app:info` says whether there is one); null when cancelled. */
  /** The dashboard's language, for the desktop app's own words (tray, card, command bar, dialogs). */
  'app:setLanguage': {
    input: z.object({ language: AppInfo.shape.language }).strict(),
    output: z.object({ language: AppInfo.shape.language }),
  },
  'app:pickFolder': {
    input: z.object({ title: z.string().max(200).optional() }).strict(),
    output: z.object({ path: z.string().nullable() }),
  },
  'meta:get': { input: z.object({ skillId: SkillId }).strict(), output: SkillMeta },
  'meta:update': {
    input: z.object({ skillId: SkillId, patch: SkillMetaPatch }).strict(),
    output: SkillMeta,
  },
  /** Saved memos, newest first, optionally of one skill or a time range. */
  'memos:list': { input: MemoListInput, output: MemoPage },
  /** Full-text search (every word / "phrase" required), best first, with a highlighted snippet. */
  'memos:search': { input: MemoSearchInput, output: MemoSearchResult },
  'memos:get': { input: z.object({ id: MemoId }).strict(), output: Memo },
  'memos:delete': { input: z.object({ id: MemoId }).strict(), output: z.object({ id: MemoId }) },
  /** One memo (`id`) or all (optionally of one skill) as Markdown. */
  'memos:export': { input: MemoExportInput, output: MemoExport },
  /** Starts a skill run in the background; its events follow as `runs:event`. */
  'runs:start': { input: RunStart, output: z.object({ runId: RunId }) },
  /** Stops a run's model calls and steps; it ends `cancelled`. `cancelled: false` when it was not running. */
  'runs:cancel': { input: z.object({ runId: RunId }).strict(), output: z.object({ cancelled: z.boolean() }) },
  /** Run history, newest first, filtered by skill, status and start time, one page at a time. */
  'runs:list': { input: RunListQuery, output: RunPage },
  /** One run with its steps and every event. */
  'runs:get': { input: z.object({ runId: RunId }).strict(), output: RunDetail },
  'runs:delete': { input: z.object({ runId: RunId }).strict(), output: z.object({ runId: RunId }) },
  /** Continues a `waiting` run from its saved state (e.g. after a restart); its open question is asked again. */
  'runs:resume': { input: z.object({ runId: RunId }).strict(), output: z.object({ runId: RunId }) },
  /**
   * Continues a finished run's conversation with a follow-up (its system prompt, the input it was sent,
   * its answer, the earlier follow-ups, then this one); the answer streams as `turn_start`, `token`s of
   * step `turn:N` and `turn_complete`, and is kept as turn N of the run. `runs:cancel` stops it.
   */
  'runs:continue': {
    input: RunContinue,
    output: z.object({ runId: RunId, turn: z.number().int().positive() }),
  },
  /** Delivers a run's result (or follow-up N's answer) again: insert where it was triggered, copy, memo. */
  'runs:deliver': { input: RunDeliver, output: RunDelivered },
  /** Answers an AskUser question (`ask_user` event). */
  'runs:answer': { input: AskUserAnswerInput, output: z.object({ answered: z.boolean() }) },
  /** Per skill with runs in the history (the editor's tries aside): how many, and when the latest started. */
  'runs:usage': { input: z.undefined(), output: z.array(SkillUsage) },
  /** Answers a `permission_request`: allow once / for this run / always for this skill, or deny. */
  'permissions:respond': { input: PermissionRespondInput, output: z.object({ answered: z.boolean() }) },
  /** Prompts and questions still open, oldest first. */
  'permissions:pending': { input: z.undefined(), output: z.array(OpenRequest) },
  /** Saved rules (global and per skill). */
  'permissions:rules': { input: PermissionRulesQuery, output: z.array(PermissionRule) },
  'permissions:grant': { input: PermissionGrantInput, output: PermissionRule },
  'permissions:revoke': {
    input: z.object({ id: z.number().int() }).strict(),
    output: z.object({ id: z.number().int() }),
  },
  /** Every decision made: by rule, mode, the user or a timeout. */
  'permissions:audit': { input: PermissionAuditQuery, output: z.array(PermissionAuditRow) },
  ...mcpChannels,
  ...webSearchChannels,
  /** What a skill's hotkey does: capture the selection and focus, ask in the command bar if needed, run. */
  'trigger:run': { input: TriggerInput, output: TriggerResult },
  /** The launcher: capture, choose a skill (typed filter, 1–9), run it on the capture. */
  'trigger:launcher': { input: LauncherInput, output: LauncherResult },
  /** Each skill hotkey's registration: registered, invalid, taken by another app (conflict), paused. */
  'hotkeys:status': { input: z.undefined(), output: HotkeysOverview },
  'hotkeys:pause': { input: z.object({ paused: z.boolean() }).strict(), output: HotkeysOverview },
  /** Sets the launcher's key (null: off); CONFLICT when a skill's hotkey is that key. */
  'hotkeys:setLauncher': { input: LauncherHotkeyInput, output: HotkeysOverview },
  /** A repeated hotkey press and the copy-key fallback: read, or set what is given (kept for the desktop app). */
  'hotkeys:behaviour': { input: HotkeyBehaviourInput, output: HotkeyBehaviour },
  /** The selection toolbar's mode, modifier, pinned skills (in order) and excluded applications. */
  'toolbar:settings': { input: z.undefined(), output: ToolbarSettings },
  /** Changes them; NOT_FOUND for a pinned skill that does not exist. */
  'toolbar:update': { input: ToolbarUpdate, output: ToolbarSettings },
  /**
   * Waits (up to 10 s) for the skill's hotkey — or the launcher's key (`launcher: true`) — to be pressed
   * and says whether its callback fired (the skill does not run, the launcher does not open).
   */
  'hotkeys:test': {
    input: HotkeyTestInput,
    output: z.object({ fired: z.boolean() }),
  },
  /** Settings › Desktop check: hotkeys, capture, paste and clipboard tried on the page's test field. */
  'desktop:check': { input: DesktopCheckInput, output: DesktopCheckReport },
  /** The global permission mode: read, or set when `mode` is given. */
  'permissions:mode': {
    input: z.object({ mode: PermissionMode.optional() }).strict().optional(),
    output: z.object({ mode: PermissionMode }),
  },
  /** Configured model providers with their keys' labels and health; never a key. */
  'providers:list': { input: z.undefined(), output: z.array(Provider) },
  /** Creates (no `id`) or replaces a provider; `apiKey` sets its first key in the secret store, null removes every key. */
  'providers:save': { input: ProviderSaveInput, output: Provider },
  'providers:delete': { input: z.object({ id: ProviderId }).strict(), output: z.object({ id: ProviderId }) },
  /** Adds a key to a provider's pool (the key to the secret store; CONFLICT for a label it has). */
  'providers:addKey': { input: ProviderAddKeyInput, output: Provider },
  /** Relabels a key or replaces its value; either way the key is in use again. */
  'providers:editKey': { input: ProviderEditKeyInput, output: Provider },
  'providers:removeKey': { input: ProviderRemoveKeyInput, output: Provider },
  /** Lists the endpoint's models with each key (or makes a one-token call) and reports ok or what to fix. */
  'providers:test': { input: z.object({ id: ProviderId }).strict(), output: ProviderTestResult },
  /** The models to offer in a picker: stored ones, then the endpoint's list (fetched at most once a minute). */
  'providers:models': { input: z.object({ id: ProviderId }).strict(), output: ProviderModels },
  /** Per-app rules (Settings › Apps): the user's and the shipped ones, and the apps seen lately. */
  'apps:list': { input: z.undefined(), output: AppRulesOverview },
  /** Saves one app's rule (replacing the user's rule for it); NOT_FOUND for an unknown default skill. */
  'apps:save': { input: AppRuleInput, output: AppRule },
  /** Deletes the user's rule for an app (a shipped one is in force again); NOT_FOUND when there is none. */
  'apps:delete': { input: AppRef, output: AppRulesOverview },
  /** After a paste that did not land: the app's rule moves on to the next paste key. */
  'apps:nextPasteKey': { input: NextPasteKeyInput, output: AppRule },
  /**
   * Settings › Selection toolbar's "not over these applications": sets one app's toolbar flag; a rule of
   * the user's that then says no more than the shipped one (or than no rule) is dropped.
   */
  'apps:toolbar': { input: ToolbarExclusionInput, output: AppRulesOverview },
  /** A skill as a `.skillpack` (sealed with `passphrase`): saved through the desktop app's dialog, else the bytes. */
  'packs:export': { input: PackExportInput, output: PackExported },
  /** One piece of a file to import (base64, in order); the first piece's answer names the upload. */
  'packs:upload': { input: PackUploadInput, output: PackUploaded },
  /** Downloads an http(s) link to a pack or a zip of a skill folder (size and time limited) for import. */
  'packs:fetch': { input: PackFetchInput, output: PackUploaded },
  /** Opens and checks a held file: manifest, validator findings, tools, id clash; `locked` when sealed. */
  'packs:preview': { input: PackOpenInput, output: PackPreview },
  /** Installs a held file into the user folder; CONFLICT when its id is taken and no `onClash` was given. */
  'packs:install': { input: PackInstallInput, output: PackInstalled },
  /** Lets go of a held file (the import dialog closed). */
  'packs:discard': {
    input: z.object({ uploadId: UploadId }).strict(),
    output: z.object({ discarded: z.boolean() }),
  },
  /** Settings › Speech: the provider, model, language, recording limit, kept audio and voice keys. */
  /** Settings › Speech, with how the desktop app bound the dictate and voice keys (null headless). */
  'speech:settings': { input: z.undefined(), output: SpeechSettingsView },
  /** Changes them; CONFLICT for a voice key another key already is, NOT_FOUND for an unknown provider. */
  'speech:update': { input: SpeechSettingsPatch, output: SpeechSettingsView },
  /** Test connection: a short built-in sample ("Hello from Skilldeck") sent for transcription. */
  'speech:test': { input: SpeechTestInput, output: SpeechTestResult },
  /** A recording begins: its id, and the limit its length is held to. */
  'speech:begin': { input: z.undefined(), output: SpeechBegin },
  /** The next chunk of a recording (base64, ≤ 512 KiB); the bytes so far. */
  'speech:append': { input: SpeechAppend, output: z.object({ bytes: z.number().int() }) },
  /** The recording is done: checked (audio? too long? silent?) and transcribed. */
  'speech:finish': { input: SpeechFinish, output: Transcript },
  /** A recording cancelled (Esc): its bytes are dropped, nothing is sent anywhere. */
  'speech:discard': {
    input: z.object({ recordingId: RecordingId }).strict(),
    output: z.object({ discarded: z.boolean() }),
  },
} as const satisfies Record<Channel, ChannelSpec>;

export type Contract = typeof contract;
export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>;
/** The input as the handler sees it, after the schema's transforms (e.g. lowercased colors). */
export type ChannelParsedInput<C extends Channel> = z.output<Contract[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<Contract[C]['output']>;

/** What the core implements: one function per channel. A missing one does not compile. */
export type Handlers = {
  [C in Channel]: (input: ChannelParsedInput<C>) => Promise<ChannelOutput<C>> | ChannelOutput<C>;
};
