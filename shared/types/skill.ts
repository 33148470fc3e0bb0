import { z } from 'zod';
import { ExecutionMode, Finding } from './finding';
import { Accelerator } from './hotkey';
import { SkillDefinition } from './skill-definition';
import { SKILL_ID_DOTS_MESSAGE, SKILL_ID_MAX, SKILL_ID_SEGMENT, SKILL_ID_SEGMENT_MESSAGE } from './skill-id';

/** A skill's id is its folder name: one path segment, never `.` or `..`. */
export const SkillId = z
  .string()
  .min(1)
  .max(SKILL_ID_MAX)
  .regex(SKILL_ID_SEGMENT, SKILL_ID_SEGMENT_MESSAGE)
  .refine((s) => s !== '.' && s !== '..', SKILL_ID_DOTS_MESSAGE);
export type SkillId = z.infer<typeof SkillId>;

/** `#rrggbb`, stored lowercase. */
export const HexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'a color is #rrggbb, e.g. #2563eb')
  .transform((s) => s.toLowerCase());

/** One emoji (or a short symbol): at most 16 UTF-16 units, no whitespace or control characters. */
export const Emoji = z
  .string()
  .min(1, 'pick an emoji')
  .max(16, 'an emoji is one symbol, not text')
  .refine((s) => !/[\s\p{Cc}]/u.test(s), 'an emoji cannot contain spaces or control characters');

export const Hotkey = z.object({
  /** Electron accelerator, e.g. `CommandOrControl+Alt+T`. */
  accelerator: Accelerator,
  /** What the UI shows, e.g. `Ctrl+Alt+T` or `⌘⌥T`. */
  display: z.string().min(1).max(64),
});
export type Hotkey = z.infer<typeof Hotkey>;

export const SkillMeta = z.object({
  skillId: SkillId,
  emoji: z.string(),
  color: z.string(),
  hotkey: Hotkey.nullable(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  builtin: z.boolean(),
  /** ms since epoch of the last change; 0 while the skill still has its defaults. */
  updatedAt: z.number().int().nonnegative(),
});
export type SkillMeta = z.infer<typeof SkillMeta>;

/** What `meta:update` may change. Absent keys stay as they are; `hotkey: null` clears it. */
export const SkillMetaPatch = z
  .object({
    emoji: Emoji,
    color: HexColor,
    hotkey: Hotkey.nullable(),
    enabled: z.boolean(),
    sortOrder: z.number().int().min(-1_000_000).max(1_000_000),
  })
  .partial()
  .strict();
export type SkillMetaPatch = z.infer<typeof SkillMetaPatch>;

export const SkillSource = z.enum(['user', 'folder', 'plugin', 'builtin']);
export type SkillSource = z.infer<typeof SkillSource>;

/**
 * The id of a skill the app creates (create, duplicate): its folder name and its `name`, so it follows
 * the Agent Skills rule for names.
 */
export const NewSkillId = z
  .string()
  .max(64, 'a skill id is at most 64 characters')
  .regex(
    /^[a-z0-9]+(-[a-z0-9]+)*$/,
    'a skill id is lowercase letters, digits and single hyphens, e.g. my-skill (it becomes the folder name)',
  );

/** Where a skill that lost a collision is hidden: the skill that wins with the same id. */
export const ShadowedBy = z.object({ source: SkillSource, path: z.string() });
export type ShadowedBy = z.infer<typeof ShadowedBy>;

/** The folder layouts that make a skill run in several files (`phases/`). Paths relative to the skill. */
export const SkillLayout = z.discriminatedUnion('kind', [
  /** `phases/NN-name.md`, in numeric order (`02.5-x` between 02 and 03). */
  z.object({ kind: z.literal('phases'), phases: z.array(z.string()) }),
  /** `phases/orchestrator.md` choosing among `phases/actions/*.md`. */
  z.object({ kind: z.literal('autonomous'), orchestrator: z.string(), actions: z.array(z.string()) }),
]);
export type SkillLayout = z.infer<typeof SkillLayout>;

export const SkillSummary = z.object({
  id: SkillId,
  name: z.string(),
  description: z.string(),
  whenToUse: z.string().nullable(),
  source: SkillSource,
  /** 0 is searched first; a lower number wins a collision of ids. */
  precedence: z.number().int().nonnegative(),
  /** The skill folder. */
  path: z.string(),
  mode: ExecutionMode,
  layout: SkillLayout.nullable(),
  /** What reading SKILL.md found: errors make it unrunnable, warnings do not. Empty when clean. */
  findings: z.array(Finding),
  runnable: z.boolean(),
  /** False for `user-invocable: false`: only models activate it, so no list offers it to run. */
  userInvocable: z.boolean(),
  /** Its body or workflow steps use `{{selection}}`: a form asks for a selection beside the input. */
  usesSelection: z.boolean(),
  /** It declares `arguments` or `argument-hint`, or uses `$ARGUMENTS`: what is typed is also its arguments. */
  takesArguments: z.boolean(),
  /** Set when a skill of higher precedence has the same id: this one is listed but never used. */
  shadowedBy: ShadowedBy.nullable(),
  meta: SkillMeta,
});
export type SkillSummary = z.infer<typeof SkillSummary>;

/** A file under `references/`, `scripts/` or `assets/`; `path` is relative to the skill folder. */
export const SkillResource = z.object({ path: z.string(), size: z.number().int().nonnegative() });
export type SkillResource = z.infer<typeof SkillResource>;

/** Everything about one skill, for the editor: read fresh from disk. */
export const SkillDetail = SkillSummary.extend({
  /** The SKILL.md as text (what the raw editor shows). */
  raw: z.string(),
  /** sha256 of the file's bytes: send it back with `skills:update` to detect edits made meanwhile. */
  hash: z.string(),
  body: z.string(),
  /** 1-based line of the body's first line in the file. */
  bodyLine: z.number().int().positive(),
  /** null when the frontmatter could not be read at all. */
  definition: SkillDefinition.nullable(),
  resources: z.array(SkillResource),
  /** Built-in and plugin skills cannot be edited or deleted: duplicate them instead. */
  readOnly: z.boolean(),
});
export type SkillDetail = z.infer<typeof SkillDetail>;

export const SKILL_TEMPLATES = ['prompt', 'workflow', 'agent'] as const;
export const SkillTemplate = z.enum(SKILL_TEMPLATES);
export type SkillTemplate = z.infer<typeof SkillTemplate>;

const MAX_SKILL_TEXT = 1024 * 1024;

/**
 * An edit of SKILL.md: either fields (`null` removes one), config keys and/or the body, applied keeping
 * comments and key order; or the whole text (`raw`). `baseHash` is the hash the client read.
 */
export const SkillUpdate = z
  .object({
    skillId: SkillId,
    baseHash: z.string().min(1),
    raw: z.string().max(MAX_SKILL_TEXT, 'SKILL.md is limited to 1 MiB').optional(),
    fields: z.record(z.string().min(1), z.unknown()).optional(),
    config: z.record(z.string().min(1), z.unknown()).optional(),
    body: z.string().max(MAX_SKILL_TEXT, 'SKILL.md is limited to 1 MiB').optional(),
  })
  .strict()
  .refine(
    (u) => u.raw === undefined || (u.fields === undefined && u.config === undefined && u.body === undefined),
    'send either `raw` (the whole file) or `fields`/`config`/`body`, not both',
  )
  .refine(
    (u) => u.raw !== undefined || u.fields !== undefined || u.config !== undefined || u.body !== undefined,
    'nothing to change: send `raw`, or `fields`, `config` or `body`',
  );
export type SkillUpdate = z.infer<typeof SkillUpdate>;

/**
 * Text to check as SKILL.md without writing it (the raw editor's lint). With `skillId`, that skill's
 * folder is the context: its name for the folder-name check, its `phases/` layout.
 */
export const SkillCheck = z
  .object({
    skillId: SkillId.optional(),
    text: z.string().max(MAX_SKILL_TEXT, 'SKILL.md is limited to 1 MiB'),
    /**
     * The form's unsaved fields, config keys and body, applied to `text` as `skills:update` would apply
     * them (the answer's `text` is the result): what "Try it" runs.
     */
    edit: z
      .object({
        fields: z.record(z.string().min(1), z.unknown()).optional(),
        config: z.record(z.string().min(1), z.unknown()).optional(),
        body: z.string().max(MAX_SKILL_TEXT, 'SKILL.md is limited to 1 MiB').optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type SkillCheck = z.infer<typeof SkillCheck>;

/** What loading the text as SKILL.md would find; `definition` is null when the frontmatter cannot be read. */
export const SkillCheckResult = z.object({
  findings: z.array(Finding),
  definition: z.object({ name: z.string(), description: z.string(), mode: ExecutionMode }).nullable(),
  /** With `edit`: the text with the edit applied (what was checked). */
  text: z.string().optional(),
});
export type SkillCheckResult = z.infer<typeof SkillCheckResult>;

/** A deleted skill, waiting in `<data dir>/trash/` to be restored. */
export const TrashedSkill = z.object({
  trashId: z.string(),
  skillId: SkillId,
  source: SkillSource,
  /** Where it is restored to. */
  originalPath: z.string(),
  /** ms since epoch. */
  deletedAt: z.number().int().nonnegative(),
});
export type TrashedSkill = z.infer<typeof TrashedSkill>;

/** A folder skills are read from, or one Skilldeck offers to read (`~/.claude/skills`…). */
/** A folder path as typed or picked (made absolute and checked by the core). */
export const FolderPath = z.string().min(1).max(4096);

/** What `skills:addSource` adds: a folder of skills, or a plugin folder (its `skills/` searched, ids namespaced). */
export const SourceKind = z.enum(['folder', 'plugin']);
export type SourceKind = z.infer<typeof SourceKind>;

export const SkillSourceInfo = z.object({
  kind: SkillSource,
  path: z.string(),
  exists: z.boolean(),
  /** Searched now. */
  active: z.boolean(),
  /** A well-known folder of another tool, suggested to link (read live, never copied). */
  offered: z.boolean(),
  /** Added in Settings, so it can be removed there (the user folder, built-ins and host folders cannot). */
  removable: z.boolean(),
  /** Among active sources: 0 is searched first. null for an offered folder. */
  precedence: z.number().int().nonnegative().nullable(),
  /** Plugin sources: the prefix of their ids (`<namespace>:<skill>`). */
  namespace: z.string().nullable(),
  /** Plugin sources: the plugin's folder (`path` is its `skills/`): what adding or removing it names. */
  pluginDir: z.string().nullable(),
  /** A plugin Claude Code installed: `<plugin>@<marketplace>`. */
  installedAs: z.string().nullable(),
  /** Skills found there (shadowed ones included). */
  skillCount: z.number().int().nonnegative(),
  /** What went wrong with the folder itself: refused (a system folder), searched or watched in part. */
  findings: z.array(Finding),
});
export type SkillSourceInfo = z.infer<typeof SkillSourceInfo>;
