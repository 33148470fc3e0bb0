/**
 * GHOSTYPE's `behavior_config.translate_language` (`中英互译`, `Chinese↔English`, `en→ja`, `翻译成英文`,
 * `English`…) read as a source and a target language. docs/MIGRATION.md lists the forms.
 */

export interface TranslateLanguages {
  /** An English language name, or `auto` when only the target was given. */
  source: string;
  target: string;
  /** Either direction (`互译`, `↔`, `/`): text already in the target goes to the source language. */
  bidirectional: boolean;
  /** Language names not in the table, kept as written. */
  unlisted: string[];
}

const LANGUAGES: Record<string, readonly string[]> = {
  Chinese: ['zh', 'chinese', '中', '中文', '汉', '汉语', '漢語', '华语', '華語'],
  'Chinese (Simplified)': [
    'zh-cn',
    'zh_cn',
    'zh-hans',
    'zh-sg',
    '简',
    '简体',
    '简体中文',
    '简中',
    'simplified chinese',
  ],
  'Chinese (Traditional)': [
    'zh-tw',
    'zh_tw',
    'zh-hant',
    'zh-hk',
    '繁',
    '繁体',
    '繁體',
    '繁体中文',
    '繁體中文',
    '繁中',
    'traditional chinese',
  ],
  English: ['en', 'en-us', 'en-gb', 'english', '英', '英文', '英语', '英語'],
  Japanese: ['ja', 'jp', 'ja-jp', 'japanese', '日', '日文', '日语', '日語', '日本語'],
  Korean: ['ko', 'kr', 'ko-kr', 'korean', '韩', '韓', '韩文', '韩语', '韓語', '한국어'],
  French: ['fr', 'french', 'français', '法', '法文', '法语'],
  German: ['de', 'german', 'deutsch', '德', '德文', '德语'],
  Spanish: ['es', 'spanish', 'español', '西', '西文', '西语', '西班牙语'],
  Russian: ['ru', 'russian', 'русский', '俄', '俄文', '俄语'],
  Italian: ['it', 'italian', 'italiano', '意', '意大利语'],
  Portuguese: ['pt', 'pt-br', 'portuguese', 'português', '葡', '葡语', '葡萄牙语'],
  Arabic: ['ar', 'arabic', '阿', '阿拉伯语'],
  Vietnamese: ['vi', 'vietnamese', '越', '越南语'],
  Thai: ['th', 'thai', '泰', '泰语'],
};
const AUTO = new Set(['auto', 'any', 'detect', 'auto-detect', '自动', '自动检测', '任意']);

const byAlias = new Map<string, string>();
for (const [name, aliases] of Object.entries(LANGUAGES)) {
  byAlias.set(name.toLowerCase(), name);
  for (const alias of aliases) byAlias.set(alias, name);
}

const listed = (token: string): string | undefined => byAlias.get(token.trim().toLowerCase());

/** Whether `text` names `language` (`English`, `英文`…): short codes like `en` are not counted. */
export function mentionsLanguage(text: string, language: string): boolean {
  const names = [language, ...(LANGUAGES[language] ?? [])];
  return names.some((name) =>
    /^[\x20-\x7e]+$/.test(name)
      ? name.length >= 4 &&
        new RegExp(`(?<!\\p{L})${name.replace(/[()]/g, '\\$&')}(?!\\p{L})`, 'iu').test(text)
      : [...name].length >= 2 && text.includes(name),
  );
}

const MUTUAL_SUFFIX = /^(.+?)\s*(?:互译|互翻译|互翻)$/u;
const TARGET_ONLY_ZH = /^(?:翻译成|翻译为|翻译到|翻成|译成|译为|译到|转成|转为|转换成|转换为)\s*(.+)$/u;
const ONE_WAY_ZH = /^(.+?)\s*(?:翻译成|翻译为|翻译到|翻成|译成|译为|译到|转成|转为|译|转|到)\s*(.+)$/u;
const MUTUAL_SEPARATOR = /\s*(?:↔|⇄|⇆|⟷|<->|<=>|\/|&|\band\b)\s*/iu;
const ONE_WAY_SEPARATOR = /\s*(?:→|->|⇒|=>|➝|➔|⟶|>|\bto\b|\binto\b)\s*/iu;

/** A pair written without a separator, e.g. `中英` or `中文英文`: the split where both halves are languages. */
function splitPair(text: string): [string, string] | undefined {
  const parts = text.split(/\s*[/、,，\-–—&和与]\s*/u).filter(Boolean);
  if (parts.length === 2) return [parts[0]!, parts[1]!];
  const chars = [...text.trim()];
  for (let i = 1; i < chars.length; i++) {
    const left = chars.slice(0, i).join('');
    const right = chars.slice(i).join('');
    if (listed(left) && listed(right)) return [left, right];
  }
  return undefined;
}

/**
 * Reads a `translate_language` value; undefined when its form is not recognised (the caller keeps the
 * value as it is and warns).
 */
export function readTranslateLanguage(value: string): TranslateLanguages | undefined {
  const unlisted: string[] = [];
  // A language from the table, or a word of 3+ letters (e.g. "Swahili") kept as written.
  const language = (token: string): string | undefined => {
    const t = token.trim();
    const known = listed(t);
    if (known) return known;
    if (/^\p{L}[\p{L} ()]{2,40}$/u.test(t) && !/\s{2}/.test(t)) {
      unlisted.push(t);
      return t;
    }
    return undefined;
  };
  const result = (source: string | undefined, target: string | undefined, bidirectional: boolean) =>
    source && target && source !== target ? { source, target, bidirectional, unlisted } : undefined;

  const text = value
    .trim()
    .replace(/^(?:translate|translation)\b\s*[:：]?\s*|^翻译\s*[:：]\s*/iu, '')
    .replace(/^from\s+/iu, '')
    .trim();
  if (!text) return undefined;

  const mutualZh = MUTUAL_SUFFIX.exec(text);
  if (mutualZh) {
    const pair = splitPair(mutualZh[1]!);
    return pair ? result(language(pair[0]), language(pair[1]), true) : undefined;
  }
  const targetZh = TARGET_ONLY_ZH.exec(text);
  if (targetZh) return result('auto', language(targetZh[1]!), false);
  const oneWayZh = ONE_WAY_ZH.exec(text);
  if (oneWayZh && listed(oneWayZh[1]!) && listed(oneWayZh[2]!)) {
    return result(language(oneWayZh[1]!), language(oneWayZh[2]!), false);
  }

  const mutual = text.split(MUTUAL_SEPARATOR);
  if (mutual.length === 2) return result(language(mutual[0]!), language(mutual[1]!), true);
  const oneWay = text.split(ONE_WAY_SEPARATOR);
  if (oneWay.length === 2) {
    const left = oneWay[0]!.trim();
    const source = left === '' || AUTO.has(left.toLowerCase()) ? 'auto' : language(left);
    return result(source, language(oneWay[1]!), false);
  }
  // A bare language (`English`, `英文`, `ja`) is the target; a word not in the table is too vague here.
  const only = listed(text);
  return only ? result('auto', only, false) : undefined;
}
