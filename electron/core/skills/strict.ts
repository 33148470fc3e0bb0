import { isMap, isScalar, visit, type Document } from 'yaml';
import type { Finding } from './types';

const ALLOWED = new Set(['name', 'description', 'license', 'allowed-tools', 'metadata', 'compatibility']);

/**
 * `--strict`: exactly the Agent Skills spec as the reference validator (skills-ref) applies it — the file
 * starts with `---`, only spec fields, every value read as its source text (strictyaml), flow collections
 * and anchors refused, and the name/description/compatibility rules. Each problem is an error.
 */
export function strictFindings(
  text: string,
  doc: Document.Parsed | null,
  folderName: string,
  file: string,
  lineOf?: (path: string[]) => number | undefined,
): Finding[] {
  const findings: Finding[] = [];
  const error = (code: string, message: string, line?: number) =>
    findings.push({ code: `strict-${code}`, severity: 'error', message, file, ...(line ? { line } : {}) });

  if (!text.startsWith('---')) {
    error('no-frontmatter', 'SKILL.md must start with `---` (no BOM, no blank line before it)', 1);
    return findings;
  }
  if (doc === null) return findings; // the lenient pass already reported why the YAML is unreadable

  let invalidYaml = false;
  visit(doc, {
    Node(_key, node) {
      if ('anchor' in node && node.anchor) invalidYaml = true;
      if ('flow' in node && node.flow) invalidYaml = true;
    },
    Alias() {
      invalidYaml = true;
    },
  });
  if (invalidYaml) {
    error(
      'yaml',
      "Invalid YAML: the spec's YAML subset has no flow collections (`[a, b]`, `{a: b}`) and no anchors or aliases",
      2,
    );
    return findings;
  }
  if (!isMap(doc.contents)) return findings;

  // strictyaml reads every scalar as its source text
  const fields = new Map<string, unknown>();
  for (const pair of doc.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.source ?? pair.key.value) : String(pair.key);
    const value = !isScalar(pair.value)
      ? pair.value?.toJSON()
      : typeof pair.value.value === 'string'
        ? pair.value.value
        : (pair.value.source ?? String(pair.value.value ?? ''));
    fields.set(key, value);
  }
  const line = (key: string) => lineOf?.([key]);

  const unexpected = [...fields.keys()].filter((k) => !ALLOWED.has(k)).sort();
  if (unexpected.length > 0) {
    error(
      'unexpected-fields',
      `Unexpected fields in frontmatter: ${unexpected.join(', ')}. Only ${[...ALLOWED].sort().join(', ')} are allowed.`,
      line(unexpected[0]!),
    );
  }

  const rawName = fields.get('name');
  if (typeof rawName !== 'string' || rawName.trim() === '') {
    error('name', 'Missing required field in frontmatter: name', line('name'));
  } else {
    const name = rawName.trim().normalize('NFKC');
    if (name.length > 64)
      error('name', `Skill name '${name}' exceeds 64 character limit (${name.length} chars)`, line('name'));
    if (name !== name.toLowerCase()) error('name', `Skill name '${name}' must be lowercase`, line('name'));
    if (name.startsWith('-') || name.endsWith('-'))
      error('name', 'Skill name cannot start or end with a hyphen', line('name'));
    if (name.includes('--')) error('name', 'Skill name cannot contain consecutive hyphens', line('name'));
    if (![...name].every((c) => c === '-' || /[\p{L}\p{N}]/u.test(c))) {
      error(
        'name',
        `Skill name '${name}' contains invalid characters. Only letters, digits, and hyphens are allowed.`,
        line('name'),
      );
    }
    if (folderName.normalize('NFKC') !== name)
      error('name', `Directory name '${folderName}' must match skill name '${name}'`, line('name'));
  }

  const description = fields.get('description');
  if (typeof description !== 'string' || description.trim() === '') {
    error('description', 'Missing required field in frontmatter: description', line('description'));
  } else if (description.length > 1024) {
    error(
      'description',
      `Description exceeds 1024 character limit (${description.length} chars)`,
      line('description'),
    );
  }

  const compatibility = fields.get('compatibility');
  if (compatibility !== undefined) {
    if (typeof compatibility !== 'string')
      error('compatibility', 'Field compatibility must be a string', line('compatibility'));
    else if (compatibility.length > 500) {
      error(
        'compatibility',
        `Compatibility exceeds 500 character limit (${compatibility.length} chars)`,
        line('compatibility'),
      );
    }
  }
  return findings;
}
