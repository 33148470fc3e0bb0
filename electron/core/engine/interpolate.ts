// Workflow variables: `${user_input}`, `${var}`, `${step.output}`, `${step.key}` (DESIGN §5). A step's
// output is text; when it is JSON (also inside a ```json fence) its keys are addressable.

import { lookupPath, stringify, type Lookup } from '../../../shared/skills/template';

/**
 * What a workflow's placeholders read: `user_input`, each step id and each step's `output` name mapped
 * to the step's output text (or any value; strings holding JSON are parsed on demand).
 */
export type WorkflowVars = Readonly<Record<string, unknown>>;

const VARIABLE = /\$\{\s*([A-Za-z_][\w-]*(?:\.[\w-]+)*)\s*\}/g;

/** Replaces each `${path}` that resolves; an unknown one stays exactly as written. */
export function interpolate(text: string, vars: WorkflowVars): string {
  return text.replace(VARIABLE, (whole, path: string) => {
    const found = resolveVariable(path, vars);
    return found.found ? stringify(found.value) : whole;
  });
}

/**
 * Resolves `a`, `a.output`, `a.key.sub`. `a.output` is a's whole output unless that output is JSON with
 * its own `output` key. A dotted name stored as one key (`vars['a.output']`) also resolves.
 */
export function resolveVariable(path: string, vars: WorkflowVars): Lookup {
  if (Object.prototype.hasOwnProperty.call(vars, path) && vars[path] !== undefined) {
    return { found: true, value: vars[path] };
  }
  const [head, ...rest] = path.split('.');
  const root = lookupPath(vars, [head!]);
  if (!root.found) return root;
  let value = root.value;
  for (let i = 0; i < rest.length; i++) {
    const segment = rest[i]!;
    const structured = typeof value === 'string' ? parseJsonOutput(value) : value;
    const next = lookupPath(structured, [segment]);
    if (next.found) {
      value = next.value;
    } else if (i === 0 && segment === 'output') {
      continue; // `${step.output}`: the step's output itself
    } else {
      return { found: false };
    }
  }
  return { found: true, value };
}

const FENCE = /```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)\r?\n?```/;

/** The JSON value in a model's output (whole text, or the first ```json fence), else undefined. */
export function parseJsonOutput(text: string): unknown {
  const trimmed = text.trim();
  const candidates = [trimmed];
  const fenced = FENCE.exec(trimmed);
  if (fenced) candidates.push(fenced[1]!.trim());
  for (const candidate of candidates) {
    if (!/^[[{]/.test(candidate)) continue;
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // not JSON: try the next candidate
    }
  }
  return undefined;
}
