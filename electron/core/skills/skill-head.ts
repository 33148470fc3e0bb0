import { isUtf8 } from 'node:buffer';
import { MAX_SKILL_FILE_BYTES } from './parse';

// The listing needs a skill's frontmatter, and of its body only whether it mentions `{{selection}}` or
// `$ARGUMENTS`. Decoding a whole SKILL.md to text costs more than reading it (most of a real one is its
// body), so the registry decodes the frontmatter alone when the file is of the common kind, and the rest
// only when its bytes hold one of those words.

/** A SKILL.md's bytes split at the end of its frontmatter, the frontmatter already text. */
export interface SkillFileHead {
  /** The file up to and including the closing `---` line: what `splitSkillFile` reads the same. */
  text: string;
  /** The body's bytes (after the closing line). */
  body: Buffer;
}

const NL = 0x0a;
const DASH = 0x2d;
const LINE_OF_DASHES = Buffer.from('\n---');
// the ASCII characters String.prototype.trimEnd removes (tab, LF, VT, FF, CR, space)
const isAsciiSpace = (b: number) => b === 0x20 || (b >= 0x09 && b <= 0x0d);

/** What a line that starts with `---` is: the closing line, another line, or unsure (non-ASCII after it). */
function dashLine(bytes: Buffer, start: number, end: number): 'close' | 'other' | 'unsure' {
  if (end - start < 3 || bytes[start] !== DASH || bytes[start + 1] !== DASH || bytes[start + 2] !== DASH)
    return 'other';
  for (let i = start + 3; i < end; i++) {
    const b = bytes[i]!;
    if (b >= 0x80) return 'unsure'; // trimEnd also removes Unicode spaces: leave it to the full reader
    if (!isAsciiSpace(b)) return 'other';
  }
  return 'close';
}

/**
 * The frontmatter of a file of the common kind — at most 1 MiB, no NUL, valid UTF-8, no BOM, a first
 * line `---` and a closing `---` line — or null, and the caller reads the whole file as text (which
 * then says what is wrong, or reads what is unusual).
 */
export function skillFileHead(bytes: Buffer): SkillFileHead | null {
  if (bytes.byteLength > MAX_SKILL_FILE_BYTES || bytes.indexOf(0) >= 0 || !isUtf8(bytes)) return null;
  const firstBreak = bytes.indexOf(NL);
  if (firstBreak < 0 || dashLine(bytes, 0, firstBreak) !== 'close') return null;
  // the closing line is a line starting with `---`: found by searching for them, not line by line
  for (
    let at = bytes.indexOf(LINE_OF_DASHES, firstBreak);
    at >= 0;
    at = bytes.indexOf(LINE_OF_DASHES, at + 1)
  ) {
    const start = at + 1;
    const br = bytes.indexOf(NL, start);
    const kind = dashLine(bytes, start, br < 0 ? bytes.length : br);
    if (kind === 'unsure') return null;
    if (kind === 'close') {
      const end = br < 0 ? bytes.length : br + 1;
      return { text: bytes.toString('utf8', 0, end), body: bytes.subarray(end) };
    }
  }
  return null;
}

/** The body as text when it may use `{{selection}}` or `$ARGUMENTS`; '' when its bytes hold neither. */
export function bodyForInputs(body: Buffer): string {
  return body.indexOf('{{') >= 0 || body.indexOf('$ARGUMENTS') >= 0 ? body.toString('utf8') : '';
}
