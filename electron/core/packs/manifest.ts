// skillpack.json: made from a skill's files on export, and on import read and held against the files the
// ZIP really has — both ways, with each file's size and sha256.
import crypto from 'node:crypto';
import type { z } from 'zod';
import { NewSkillId } from '../../../shared/types/skill';
import { PACK_FORMAT_VERSION, PackManifest, type PackFile } from '../../../shared/types/pack';
import { checkPackPath, foldedPath } from './pack-path';
import { refusal } from './pack-refusal';

export const sha256 = (bytes: Uint8Array) => crypto.hash('sha256', bytes, 'hex');

export const packFilesOf = (files: ReadonlyMap<string, Buffer>): PackFile[] =>
  [...files].map(([path, data]) => ({ path, size: data.length, sha256: sha256(data) }));

/** A folder or skill name as a skill id (lowercase letters, digits, single hyphens); '' when none is left. */
export function skillIdFrom(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/^.*:/, '') // a plugin's namespace
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return NewSkillId.safeParse(slug).success ? slug : '';
}

/** What the manifest says about the skill, from its SKILL.md's definition. */
export interface ManifestSkill {
  id: string;
  name: string;
  description: string;
  metadata: Record<string, string>;
  appearance: PackManifest['appearance'];
}

export function buildManifest(skill: ManifestSkill, files: ReadonlyMap<string, Buffer>, created: Date) {
  const manifest: PackManifest = {
    formatVersion: PACK_FORMAT_VERSION,
    id: skill.id,
    name: skill.name.slice(0, 200),
    description: skill.description.slice(0, 4096),
    version: skill.metadata.version?.slice(0, 100) ?? null,
    author: skill.metadata.author?.slice(0, 200) ?? null,
    created: created.toISOString(),
    appearance: skill.appearance,
    files: packFilesOf(files),
  };
  return manifest;
}

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0]!;
  return `${issue.path.join('.') || 'the file'}: ${issue.message}`;
};

/** skillpack.json's bytes as a manifest, or the refusal: not JSON, a newer format, a field out of shape. */
export function parseManifest(bytes: Buffer): PackManifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw refusal('manifestUnreadable', { detail: (error as Error).message });
  }
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > PACK_FORMAT_VERSION)
    throw refusal('formatTooNew', { version, supported: PACK_FORMAT_VERSION });
  const parsed = PackManifest.safeParse(json);
  if (!parsed.success) throw refusal('manifestUnreadable', { detail: firstIssue(parsed.error) });
  const seen = new Set<string>();
  for (const file of parsed.data.files) {
    checkPackPath(file.path);
    if (seen.has(foldedPath(file.path))) throw refusal('duplicatePath', { path: file.path });
    seen.add(foldedPath(file.path));
  }
  return parsed.data;
}

/** Every file in the ZIP is in the manifest with its size and sha256, and every listed file is there. */
export function checkAgainstManifest(manifest: PackManifest, files: ReadonlyMap<string, Buffer>): void {
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  for (const path of files.keys())
    if (!listed.has(path)) throw refusal('notInManifest', { path: `skill/${path}` });
  for (const file of manifest.files) {
    const data = files.get(file.path);
    if (!data) throw refusal('missingFile', { path: `skill/${file.path}` });
    if (data.length !== file.size)
      throw refusal('sizeMismatch', { path: `skill/${file.path}`, actual: data.length, expected: file.size });
    if (sha256(data) !== file.sha256) throw refusal('hashMismatch', { path: `skill/${file.path}` });
  }
}
