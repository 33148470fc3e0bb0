// A workflow step's `condition`, e.g. `${analysis.type} == 'technical' and not ${draft.skip}`.
// Grammar: or := and (('or'|'||') and)*; and := not (('and'|'&&') not)*; not := ('not'|'!') not | cmp;
// cmp := atom (('=='|'!=') atom)?; atom := ${path} | bare.path | 'str' | "str" | number | true | false
// | null | '(' or ')'. A condition that names an unknown variable or does not parse is false, with a reason.

import { resolveVariable, type WorkflowVars } from './interpolate';

export interface ConditionResult {
  value: boolean;
  /** Why it is false when that is not the expression's own answer (unknown variable, syntax error). */
  reason?: string;
}

type Token =
  | { kind: 'value'; value: unknown }
  | { kind: 'var'; path: string }
  | { kind: 'op'; op: '==' | '!=' | 'and' | 'or' | 'not' | '(' | ')' };

class ConditionError extends Error {}

export function evaluateCondition(expr: string, vars: WorkflowVars): ConditionResult {
  try {
    const tokens = tokenize(expr);
    if (tokens.length === 0) throw new ConditionError('the condition is empty');
    const parser = new Parser(tokens, vars);
    const value = parser.parseOr();
    if (parser.pos < tokens.length) throw new ConditionError(`unexpected ${describe(tokens[parser.pos]!)}`);
    return { value: truthy(value) };
  } catch (error) {
    if (error instanceof UnknownVariable) {
      return { value: false, reason: `unknown variable \${${error.path}} in condition "${expr}"` };
    }
    if (error instanceof ConditionError) {
      return { value: false, reason: `cannot read condition "${expr}": ${error.message}` };
    }
    throw error;
  }
}

class UnknownVariable extends Error {
  constructor(readonly path: string) {
    super(path);
  }
}

const KEYWORDS: Record<string, Token> = {
  and: { kind: 'op', op: 'and' },
  or: { kind: 'op', op: 'or' },
  not: { kind: 'op', op: 'not' },
  true: { kind: 'value', value: true },
  false: { kind: 'value', value: false },
  null: { kind: 'value', value: null },
};

function tokenize(expr: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < expr.length) {
    const rest = expr.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const variable = /^\$\{\s*([A-Za-z_][\w-]*(?:\.[\w-]+)*)\s*\}/.exec(rest);
    const op = /^(==|!=|&&|\|\||!|\(|\))/.exec(rest);
    const num = /^-?\d+(?:\.\d+)?(?![\w.])/.exec(rest);
    const word = /^[A-Za-z_][\w-]*(?:\.[\w-]+)*/.exec(rest);
    if (variable) {
      tokens.push({ kind: 'var', path: variable[1]! });
      i += variable[0].length;
    } else if (rest[0] === "'" || rest[0] === '"') {
      const [value, length] = readString(rest);
      tokens.push({ kind: 'value', value });
      i += length;
    } else if (op) {
      const map = { '&&': 'and', '||': 'or', '!': 'not' } as const;
      const symbol = op[1] as '==' | '!=' | '&&' | '||' | '!' | '(' | ')';
      tokens.push({ kind: 'op', op: symbol in map ? map[symbol as keyof typeof map] : (symbol as '==') });
      i += op[0].length;
    } else if (num) {
      tokens.push({ kind: 'value', value: Number(num[0]) });
      i += num[0].length;
    } else if (word) {
      tokens.push(KEYWORDS[word[0].toLowerCase()] ?? { kind: 'var', path: word[0] });
      i += word[0].length;
    } else {
      throw new ConditionError(`unexpected "${rest[0]!}" at column ${i + 1}`);
    }
  }
  return tokens;
}

function readString(rest: string): [string, number] {
  const quote = rest[0]!;
  let value = '';
  for (let i = 1; i < rest.length; i++) {
    const c = rest[i]!;
    if (c === '\\' && i + 1 < rest.length) {
      value += rest[++i]!;
    } else if (c === quote) {
      return [value, i + 1];
    } else {
      value += c;
    }
  }
  throw new ConditionError(`unclosed ${quote} string`);
}

function describe(token: Token): string {
  if (token.kind === 'op') return `"${token.op}"`;
  if (token.kind === 'var') return `"${token.path}"`;
  return JSON.stringify(token.value);
}

class Parser {
  pos = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly vars: WorkflowVars,
  ) {}

  private peekOp(...ops: string[]): boolean {
    const t = this.tokens[this.pos];
    return t?.kind === 'op' && ops.includes(t.op);
  }

  // Every operand is evaluated (no short-circuit) so an unknown variable anywhere makes the condition false.
  parseOr(): unknown {
    let left = this.parseAnd();
    while (this.peekOp('or')) {
      this.pos++;
      const right = this.parseAnd();
      left = truthy(left) || truthy(right);
    }
    return left;
  }

  private parseAnd(): unknown {
    let left = this.parseNot();
    while (this.peekOp('and')) {
      this.pos++;
      const right = this.parseNot();
      left = truthy(left) && truthy(right);
    }
    return left;
  }

  private parseNot(): unknown {
    if (this.peekOp('not')) {
      this.pos++;
      return !truthy(this.parseNot());
    }
    return this.parseComparison();
  }

  private parseComparison(): unknown {
    const left = this.parseAtom();
    if (this.peekOp('==', '!=')) {
      const op = (this.tokens[this.pos++] as { op: string }).op;
      const right = this.parseAtom();
      return op === '==' ? looselyEqual(left, right) : !looselyEqual(left, right);
    }
    return left;
  }

  private parseAtom(): unknown {
    const token = this.tokens[this.pos++];
    if (token === undefined) throw new ConditionError('the condition ends too early');
    if (token.kind === 'value') return token.value;
    if (token.kind === 'var') {
      const found = resolveVariable(token.path, this.vars);
      if (!found.found) throw new UnknownVariable(token.path);
      return found.value;
    }
    if (token.op === '(') {
      const value = this.parseOr();
      if (!this.peekOp(')')) throw new ConditionError('missing ")"');
      this.pos++;
      return value;
    }
    throw new ConditionError(`unexpected "${token.op}"`);
  }
}

/** Model outputs are text: compare numbers as numbers, everything else as trimmed text. */
function looselyEqual(a: unknown, b: unknown): boolean {
  const na = asNumber(a);
  const nb = asNumber(b);
  if (na !== undefined && nb !== undefined) return na === nb;
  return asText(a) === asText(b);
}

function asNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
}

function asText(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (v === null || v === undefined) return 'null';
  return typeof v === 'object' ? JSON.stringify(v) : String(v as number | boolean);
}

const FALSY_TEXT = new Set(['', 'false', '0', 'no', 'null', 'none', 'undefined']);

/** Bare truthiness: false for false, 0, null, [], and text such as "", "false", "no", "0". */
export function truthy(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'string') return !FALSY_TEXT.has(v.trim().toLowerCase());
  if (v === null || v === undefined) return false;
  if (Array.isArray(v)) return v.length > 0;
  return true;
}
