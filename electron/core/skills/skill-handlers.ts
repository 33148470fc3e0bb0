import fs from 'node:fs';
import path from 'node:path';
import type { Handlers } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/ipc/result';
import type { SkillDefinitionData } from '../../../shared/types/skill-definition';
import type { SkillDetail, SkillSummary } from '../../../shared/types/skill';
import type { SkillMetaRepo, StoredSkillMeta } from '../store/skill-meta';
import { resolveMeta } from './appearance';
import { loadDraft } from './draft';
import { loadSkillFile } from './load';
import { decodeSkillFile } from './parse';
import type { SkillEntry, SkillRegistry } from './registry';
import { editSkillText } from './serialize';
import {
  assertUnchanged,
  copySkillFolder,
  createSkillFolder,
  listTrash,
  moveToTrash,
  replaceSkillFile,
  restoreFromTrash,
} from './skill-files';
import { renderTemplate } from './templates';

export type SkillChannel =
  | 'skills:list'
  | 'skills:get'
  | 'skills:create'
  | 'skills:update'
  | 'skills:check'
  | 'skills:duplicate'
  | 'skills:delete'
  | 'skills:restore'
  | 'skills:trash';

export interface SkillHandlerDeps {
  registry: SkillRegistry;
  metaRepo: SkillMetaRepo;
  /** `<data dir>/skills`: where created and duplicated skills go. */
  userDir: string;
  /** `<data dir>/trash`. */
  trashDir: string;
}

/** The folder name `skills:check` assumes for text not tied to a skill. */
const UNSAVED_FOLDER = 'skill';

export const isReadOnly = (entry: Pick<SkillEntry, 'source'>) =>
  entry.source === 'builtin' || entry.source === 'plugin';

const SOURCE_NAMES = { builtin: 'built-in', plugin: 'plugin', user: 'your', folder: 'folder' } as const;

const DOING = { edit: 'edited', delete: 'deleted (you can turn it off instead)' } as const;

function readOnlyError(entry: SkillEntry, doing: keyof typeof DOING): AppError {
  return new AppError(
    'FORBIDDEN',
    `"${entry.id}" is a ${SOURCE_NAMES[entry.source]} skill and cannot be ${DOING[doing]}: duplicate it to get your own copy`,
    {
      words: {
        key: `skills.readOnly.${doing}`,
        values: { id: entry.id, source: SOURCE_NAMES[entry.source] },
      },
    },
  );
}

export function toSummary(entry: SkillEntry, stored: StoredSkillMeta | undefined): SkillSummary {
  return {
    id: entry.id,
    name: entry.name,
    description: entry.description,
    whenToUse: entry.whenToUse,
    source: entry.source,
    precedence: entry.precedence,
    path: entry.dir,
    mode: entry.mode,
    layout: entry.layout,
    findings: entry.findings,
    runnable: entry.runnable,
    userInvocable: entry.userInvocable,
    usesSelection: entry.usesSelection,
    takesArguments: entry.takesArguments,
    shadowedBy: entry.shadowedBy,
    meta: resolveMeta(entry.id, entry.source === 'builtin', stored),
  };
}

/** The `skills:*` channels: the registry for reading, skill-files for writing, SQLite for the look. */
export function createSkillHandlers(deps: SkillHandlerDeps): Pick<Handlers, SkillChannel> {
  const { registry, metaRepo } = deps;

  async function detailOf(entry: SkillEntry): Promise<SkillDetail> {
    const active = await registry.activateEntry(entry);
    // The core's definition type must fit the contract's schema: this assignment checks it.
    const definition: SkillDefinitionData | null = active.loaded.definition;
    return {
      ...toSummary(active.entry, metaRepo.get(active.entry.id)),
      raw: active.text,
      hash: active.hash,
      body: active.loaded.body,
      bodyLine: active.loaded.bodyLine,
      definition,
      resources: await registry.listResources(active.entry.id).catch(() => []),
      readOnly: isReadOnly(active.entry),
    };
  }

  /** The entry a write just produced, read back through the registry. */
  async function written(dir: string, reason: string): Promise<SkillDetail> {
    await registry.reload([dir], reason);
    const entry = registry.entryAt(dir);
    if (!entry) throw new AppError('INTERNAL', `${dir} was written but is not a skill folder`);
    return detailOf(entry);
  }

  async function assertIdFree(id: string) {
    await registry.ready();
    const taken = registry.get(id) ?? (await registry.require(id).catch(() => undefined));
    if (taken) {
      throw new AppError(
        'CONFLICT',
        `a skill "${id}" already exists (${SOURCE_NAMES[taken.source]}: ${taken.dir}); pick another id`,
        {
          words: {
            key: 'skills.idTaken',
            values: { id, source: SOURCE_NAMES[taken.source], dir: taken.dir },
          },
        },
      );
    }
  }

  return {
    'skills:list': async () => {
      await registry.ready();
      const stored = new Map(metaRepo.list().map((m) => [m.skillId, m]));
      return registry.list().map((entry) => toSummary(entry, stored.get(entry.id)));
    },

    'skills:get': async ({ skillId }) => detailOf(await registry.require(skillId)),

    'skills:create': async ({ skillId, template, description }) => {
      await assertIdFree(skillId);
      const text = renderTemplate(template, { id: skillId, ...(description ? { description } : {}) });
      const dir = await createSkillFolder(deps.userDir, skillId, text);
      return written(dir, `${skillId} created`);
    },

    'skills:update': async ({ skillId, baseHash, raw, fields, config, body }) => {
      const entry = await registry.require(skillId);
      if (isReadOnly(entry)) throw readOnlyError(entry, 'edit');
      let text = raw;
      if (text === undefined) {
        const bytes = await fs.promises.readFile(entry.file);
        // a conflict is reported as such even when the newer file could not be edited field by field
        assertUnchanged(entry.file, bytes, baseHash);
        const decoded = decodeSkillFile(bytes, entry.file);
        if ('finding' in decoded) throw new AppError('INVALID_INPUT', decoded.finding.message);
        // JSON has no `undefined`: a field sent as null is removed
        const removeNulls = (o?: Record<string, unknown>) =>
          o && Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v === null ? undefined : v]));
        text = editSkillText(
          bytes.toString('utf8'),
          {
            ...(fields ? { fields: removeNulls(fields) } : {}),
            ...(config ? { config: removeNulls(config) } : {}),
            ...(body !== undefined ? { body } : {}),
          },
          entry.file,
        );
      }
      await replaceSkillFile(entry.file, baseHash, text);
      return written(entry.dir, `${skillId} edited`);
    },

    'skills:check': async ({ skillId, text: given, edit }) => {
      // the form's unsaved fields applied to the text, as saving them would
      const text = edit ? editSkillText(given, edit) : given;
      let loaded;
      if (skillId !== undefined) {
        loaded = await loadDraft(await registry.require(skillId), text);
      } else {
        // no folder yet: the folder-name check has nothing to compare with, so the text's name is taken
        const bytes = Buffer.from(text, 'utf8');
        const first = loadSkillFile(bytes, { file: 'SKILL.md', folderName: UNSAVED_FOLDER });
        const name = first.frontmatter?.name;
        const folderName = typeof name === 'string' && name !== '' ? name : UNSAVED_FOLDER;
        loaded = loadSkillFile(bytes, { file: 'SKILL.md', folderName });
      }
      const definition = loaded.definition;
      return {
        findings: loaded.findings,
        definition: definition && {
          // without a folder, no name in the text is no name (not the assumed folder's)
          name: skillId === undefined && typeof loaded.frontmatter?.name !== 'string' ? '' : definition.name,
          description: definition.description,
          mode: definition.executionMode,
        },
        ...(edit ? { text } : {}),
      };
    },

    'skills:duplicate': async ({ skillId, newId }) => {
      const entry = await registry.require(skillId);
      const mine = registry.list().find((e) => e.id === newId && e.source === 'user');
      if (mine)
        throw new AppError('CONFLICT', `you already have a skill "${newId}" (${mine.dir}); pick another id`, {
          words: { key: 'skills.alreadyYours', values: { id: newId, dir: mine.dir } },
        });
      const dir = await copySkillFolder(
        entry.realDir,
        path.basename(entry.file),
        deps.userDir,
        newId,
        (text) => {
          try {
            return editSkillText(text, { fields: { name: newId } }, entry.file);
          } catch {
            return text; // unreadable frontmatter: copied as it is, to be fixed in the raw editor
          }
        },
      );
      return written(dir, `${skillId} duplicated as ${newId}`);
    },

    'skills:delete': async ({ skillId }) => {
      const entry = await registry.require(skillId);
      if (isReadOnly(entry)) throw readOnlyError(entry, 'delete');
      const trashed = await moveToTrash(deps.trashDir, entry);
      await registry.reload([entry.dir], `${skillId} moved to the trash`);
      return trashed;
    },

    'skills:restore': async ({ trashId }) => {
      const restored = await restoreFromTrash(deps.trashDir, trashId);
      return written(restored.originalPath, `${restored.skillId} restored from the trash`);
    },

    'skills:trash': () => listTrash(deps.trashDir),
  };
}
