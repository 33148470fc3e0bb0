// A workflow step's `condition`, e.g. `${analysis.type} == 'technical' and not ${draft.skip}`.
// Grammar: or := and (('or'|'||') and)*; and := not (('and'|'&&') not)*; not := ('not'|'!') not | cmp;
// cmp := atom (('=='|'!='|'<'|'<='|'>'|'>=') atom)?; atom := ${path} | bare.path | 'str' | "str" | number
// | true | false | null | '(' or ')'. One parser serves both the check when the skill loads (a condition
// that does not parse is an error finding there) and the evaluation when the step is ready.

import { resolveVariable, type WorkflowVars } from './interpolate';

export interface ConditionResult {
  value: boolean;
  /** Why it is false when that is not the expression's own answer (unknown variable, not a number…). */
  reason?: string;
}

type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

export type ConditionNode =
  /** `shown`: a literal as the author wrote it (a string without its quotes) */
  | { kind: 'value'; value: unknown; shown: string }
  | { kind: 'var'; path: string }
  | { kind: 'not'; operand: ConditionNode }
  /** n-ary, so a long chain of `and`s is a flat list, not a tree as deep as it is long */
  | { kind: 'and' | 'or'; operands: ConditionNode[] }
  | { kind: 'compare'; op: CompareOp; left: ConditionNode; right: ConditionNode };

/** What is wrong with a condition, as data (the finding words it; `column` is 1-based). */
export type ConditionProblem =
  | { problem: 'empty' }
  | { problem: 'unexpected'; found: string; column: number }
  | { problem: 'unclosedString'; column: number }
  | { problem: 'unclosedParen'; column: number }
  | { problem: 'endsEarly' }
  | { problem: 'tooDeep'; column: number };

export type ParsedCondition =
  | {
      ok: true;
      node: ConditionNode;
      /** Literals that `<`, `>`, `<=` or `>=` compare and that are not numbers (as written). */
      notNumbers: string[];
    }
  | { ok: false; error: ConditionProblem };

/** Brackets and `not`s nested deeper than this are refused (no one writes them; the parser recurses). */
export const MAX_CONDITION_NESTING = 32;

const ORDERING: ReadonlySet<string> = new Set(['<', '<=', '>', '>=']);

type Token = { column: number; text: string } & (
  | { kind: 'value'; value: unknown }
  | { kind: 'var'; path: string }
  | { kind: 'op'; op: CompareOp | 'and' | 'or' | 'not' | '(' | ')' }
);

class SyntaxProblem extends Error {
  constructor(readonly detail: ConditionProblem) {
    super(detail.problem);
  }
}

/** Parses a condition without evaluating it; never throws. */
export function parseCondition(expr: string): ParsedCondition {
  try {
    const tokens = tokenize(expr);
    if (tokens.length === 0) return { ok: false, error: { problem: 'empty' } };
    const parser = new Parser(tokens);
    const node = parser.parseOr(0);
    const extra = tokens[parser.pos];
    if (extra) return { ok: false, error: unexpected(extra) };
    return { ok: true, node, notNumbers: parser.notNumbers };
  } catch (error) {
    if (error instanceof SyntaxProblem) return { ok: false, error: error.detail };
    throw error;
  }
}

/** The condition's problem in English (the run's skip reason, and the finding's message). */
export function describeProblem(problem: ConditionProblem): string {
  switch (problem.problem) {
    case 'empty':
      return 'the condition is empty';
    case 'unexpected':
      return `unexpected "${problem.found}" at column ${problem.column}`;
    case 'unclosedString':
      return `the string opened at column ${problem.column} is never closed`;
    case 'unclosedParen':
      return `the "(" at column ${problem.column} is never closed`;
    case 'endsEarly':
      return 'it ends where a value is expected';
    case 'tooDeep':
      return `brackets and "not" nest more than ${MAX_CONDITION_NESTING} deep at column ${problem.column}`;
  }
}

export function evaluateCondition(expr: string, vars: WorkflowVars): ConditionResult {
  const parsed = parseCondition(expr);
  if (!parsed.ok) {
    return { value: false, reason: `cannot read condition "${expr}": ${describeProblem(parsed.error)}` };
  }
  try {
    return { value: truthy(evaluate(parsed.node, vars)) };
  } catch (error) {
    if (error instanceof UnknownVariable) {
      return { value: false, reason: `unknown variable \${${error.path}} in condition "${expr}"` };
    }
    if (error instanceof NotANumber) {
      return {
        value: false,
        reason: `condition "${expr}" orders ${error.shown}, which is not a number: only numbers can be ordered with <, >, <= and >=`,
      };
    }
    throw error;
  }
}

class UnknownVariable extends Error {
  constructor(readonly path: string) {
    super(path);
  }
}

class NotANumber extends Error {
  constructor(readonly shown: string) {
    super(shown);
  }
}

const KEYWORDS: Record<string, { kind: 'op'; op: 'and' | 'or' | 'not' } | { kind: 'value'; value: unknown }> =
  {
    and: { kind: 'op', op: 'and' },
    or: { kind: 'op', op: 'or' },
    not: { kind: 'op', op: 'not' },
    true: { kind: 'value', value: true },
    false: { kind: 'value', value: false },
    null: { kind: 'value', value: null },
  };

const SYMBOLS = { '&&': 'and', '||': 'or', '!': 'not' } as const;

function tokenize(expr: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < expr.length) {
    const rest = expr.slice(i);
    const column = i + 1;
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const variable = /^\$\{\s*([A-Za-z_][\w-]*(?:\.[\w-]+)*)\s*\}/.exec(rest);
    const op = /^(==|!=|<=|>=|&&|\|\||<|>|!|\(|\))/.exec(rest);
    const num = /^-?\d+(?:\.\d+)?(?![\w.])/.exec(rest);
    const word = /^[A-Za-z_][\w-]*(?:\.[\w-]+)*/.exec(rest);
    if (variable) {
      tokens.push({ kind: 'var', path: variable[1]!, column, text: variable[0] });
      i += variable[0].length;
    } else if (rest[0] === "'" || rest[0] === '"') {
      const [value, length] = readString(rest, column);
      tokens.push({ kind: 'value', value, column, text: rest.slice(0, length) });
      i += length;
    } else if (op) {
      const symbol = op[1]!;
      const name = symbol in SYMBOLS ? SYMBOLS[symbol as keyof typeof SYMBOLS] : (symbol as CompareOp);
      tokens.push({ kind: 'op', op: name, column, text: symbol });
      i += symbol.length;
    } else if (num) {
      tokens.push({ kind: 'value', value: Number(num[0]), column, text: num[0] });
      i += num[0].length;
    } else if (word) {
      const keyword = KEYWORDS[word[0].toLowerCase()];
      tokens.push({ ...(keyword ?? { kind: 'var', path: word[0] }), column, text: word[0] });
      i += word[0].length;
    } else {
      throw new SyntaxProblem({ problem: 'unexpected', found: [...rest][0]!, column });
    }
  }
  return tokens;
}

function readString(rest: string, column: number): [string, number] {
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
  throw new SyntaxProblem({ problem: 'unclosedString', column });
}

const unexpected = (token: Token): ConditionProblem => ({
  problem: 'unexpected',
  found: token.text,
  column: token.column,
});

class Parser {
  pos = 0;
  readonly notNumbers: string[] = [];
  constructor(private readonly tokens: Token[]) {}

  private peekOp(...ops: string[]): boolean {
    const t = this.tokens[this.pos];
    return t?.kind === 'op' && ops.includes(t.op);
  }

  /** `depth` counts the brackets and `not`s around: past the limit the condition is refused. */
  parseOr(depth: number): ConditionNode {
    const operands = [this.parseAnd(depth)];
    while (this.peekOp('or')) {
      this.pos++;
      operands.push(this.parseAnd(depth));
    }
    return operands.length === 1 ? operands[0]! : { kind: 'or', operands };
  }

  private parseAnd(depth: number): ConditionNode {
    const operands = [this.parseNot(depth)];
    while (this.peekOp('and')) {
      this.pos++;
      operands.push(this.parseNot(depth));
    }
    return operands.length === 1 ? operands[0]! : { kind: 'and', operands };
  }

  private parseNot(depth: number): ConditionNode {
    // a run of `not`s is read in a loop, not by recursion
    let nots = 0;
    while (this.peekOp('not')) {
      if (depth + nots >= MAX_CONDITION_NESTING)
        throw new SyntaxProblem({ problem: 'tooDeep', column: this.tokens[this.pos]!.column });
      nots++;
      this.pos++;
    }
    let node = this.parseComparison(depth + nots);
    for (let i = 0; i < nots; i++) node = { kind: 'not', operand: node };
    return node;
  }

  private parseComparison(depth: number): ConditionNode {
    const left = this.parseAtom(depth);
    if (!this.peekOp('==', '!=', '<', '<=', '>', '>=')) return left;
    const op = (this.tokens[this.pos++] as { op: CompareOp }).op;
    const right = this.parseAtom(depth);
    if (ORDERING.has(op)) {
      for (const node of [left, right])
        if (node.kind === 'value' && asNumber(node.value) === undefined) this.notNumbers.push(node.shown);
    }
    return { kind: 'compare', op, left, right };
  }

  private parseAtom(depth: number): ConditionNode {
    const token = this.tokens[this.pos++];
    if (token === undefined) throw new SyntaxProblem({ problem: 'endsEarly' });
    if (token.kind === 'value') {
      const shown = typeof token.value === 'string' ? token.value : token.text;
      return { kind: 'value', value: token.value, shown };
    }
    if (token.kind === 'var') return { kind: 'var', path: token.path };
    if (token.op === '(') {
      if (depth >= MAX_CONDITION_NESTING)
        throw new SyntaxProblem({ problem: 'tooDeep', column: token.column });
      if (this.pos >= this.tokens.length) throw new SyntaxProblem({ problem: 'endsEarly' });
      const node = this.parseOr(depth + 1);
      if (!this.peekOp(')')) {
        const next = this.tokens[this.pos];
        throw new SyntaxProblem(next ? unexpected(next) : { problem: 'unclosedParen', column: token.column });
      }
      this.pos++;
      return node;
    }
    throw new SyntaxProblem(unexpected(token));
  }
}

// Every operand is evaluated (no short-circuit) so an unknown variable anywhere makes the condition false.
// The tree is at most MAX_CONDITION_NESTING deep (and/or are flat lists), so recursion here is bounded.
function evaluate(node: ConditionNode, vars: WorkflowVars): unknown {
  switch (node.kind) {
    case 'value':
      return node.value;
    case 'var': {
      const found = resolveVariable(node.path, vars);
      if (!found.found) throw new UnknownVariable(node.path);
      return found.value;
    }
    case 'not':
      return !truthy(evaluate(node.operand, vars));
    case 'and':
    case 'or': {
      const values = node.operands.map((operand) => truthy(evaluate(operand, vars)));
      return node.kind === 'and' ? values.every(Boolean) : values.some(Boolean);
    }
    case 'compare': {
      const left = evaluate(node.left, vars);
      const right = evaluate(node.right, vars);
      if (node.op === '==') return looselyEqual(left, right);
      if (node.op === '!=') return !looselyEqual(left, right);
      const a = asNumber(left);
      const b = asNumber(right);
      if (a === undefined) throw new NotANumber(JSON.stringify(asText(left)));
      if (b === undefined) throw new NotANumber(JSON.stringify(asText(right)));
      return node.op === '<' ? a < b : node.op === '<=' ? a <= b : node.op === '>' ? a > b : a >= b;
    }
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
