// Edit: one exact string replaced by another. The count of matches is checked before anything is asked
// or written, so a call that cannot run never reaches a permission prompt.
import { z } from 'zod';
import { writeFileAtomic } from '../../fs/atomic-write';
import { defineTool, type AgentToolContext } from '../types';
import { plural } from './output';
import { displayPath, failureResult, resolveToolPath, ToolInputError } from './paths';
import { currentText, refusedTarget, unifiedDiff } from './write';

const input = z.object({
  file_path: z.string().describe('The file to change: absolute, or relative to the working directory'),
  old_string: z.string().describe('The exact text to replace (with enough context to be unique)'),
  new_string: z.string().describe('The text to put in its place (must differ from old_string)'),
  replace_all: z.boolean().optional().describe('Replace every occurrence of old_string (default false)'),
});
type EditInput = z.output<typeof input>;

interface PlannedEdit {
  file: string;
  before: string;
  after: string;
  replacements: number;
  created: boolean;
}

export const editTool = defineTool({
  name: 'Edit',
  description:
    'Replaces an exact string in a file. old_string must match the file exactly (whitespace included) ' +
    'and be unique unless replace_all is set. An empty old_string on a file that does not exist creates ' +
    'it with new_string. Read the file first.',
  effect: 'edit',
  input,
  async target(args, ctx) {
    try {
      const plan = await planEdit(args, ctx);
      return { paths: [plan.file], diff: await unifiedDiff(ctx, plan.file, plan.before, plan.after) };
    } catch (error) {
      return refusedTarget(ctx, args.file_path, error);
    }
  },
  async execute(args, ctx) {
    const summary = `Edit ${args.file_path} (failed)`;
    try {
      const plan = await planEdit(args, ctx);
      await writeFileAtomic(plan.file, plan.after);
      const shown = displayPath(ctx, plan.file);
      const done = plan.created
        ? `Created ${shown}`
        : `Edited ${shown} (${plural(plan.replacements, 'replacement')})`;
      return { output: done, summary: done };
    } catch (error) {
      return failureResult(error, summary);
    }
  },
});

async function planEdit(args: EditInput, ctx: AgentToolContext): Promise<PlannedEdit> {
  const file = resolveToolPath(ctx, 'Edit', args.file_path);
  const shown = displayPath(ctx, file);
  if (args.old_string === args.new_string) {
    throw new ToolInputError('old_string and new_string are the same — there is nothing to change');
  }
  const before = await currentText(file, args.file_path);
  if (before === undefined) {
    if (args.old_string === '')
      return { file, before: '', after: args.new_string, replacements: 1, created: true };
    throw new ToolInputError(`file not found: ${args.file_path}`);
  }
  if (args.old_string === '') {
    if (before !== '')
      throw new ToolInputError(`old_string is empty but ${shown} is not — give the text to replace`);
    return { file, before, after: args.new_string, replacements: 1, created: false };
  }
  const count = before.split(args.old_string).length - 1;
  if (count === 0) throw new ToolInputError(`old_string not found in ${shown}`);
  if (count > 1 && !args.replace_all) {
    throw new ToolInputError(
      `old_string is not unique in ${shown} (${count} matches) — give more context, or set replace_all`,
    );
  }
  // split/join and slicing, not String.replace: `$&` and friends in new_string stay literal
  const after = args.replace_all
    ? before.split(args.old_string).join(args.new_string)
    : replaceFirst(before, args.old_string, args.new_string);
  return { file, before, after, replacements: count, created: false };
}

function replaceFirst(text: string, find: string, replacement: string): string {
  const at = text.indexOf(find);
  return text.slice(0, at) + replacement + text.slice(at + find.length);
}
