// ContextBehavior: what a run does with what the user gave it (DESIGN §5).
//
//   selection | instruction | behavior     | the model's user message            | output (see output-routing)
//   yes       | no          | directOutput | the selection, as it is             | the skill's tool
//   yes       | yes         | rewrite      | the selection + the instruction     | the skill's tool
//   no        | yes         | explain      | the instruction (a question/request)| floating_card
//   no        | no          | noInput      | a note that nothing was given       | floating_card unless the skill names one
//
// With a selection the result can replace it, and a failed model call can put the original back; without
// one there is nothing to replace or restore, so the answer (or the error) goes to the card.
//
// A voice run (a transcript): with a selection it is a rewrite (the selection + what was said as the
// instruction: "reply to this mail saying …"); without one, what was said is the text to work on, as a
// selection would be (directOutput: "translate what I said" inserts the translation).

export type ContextBehavior = 'directOutput' | 'rewrite' | 'explain' | 'noInput';

export interface RunContextInput {
  /** The selected text (empty or whitespace-only counts as none). */
  selection?: string | null;
  /** What the user typed in the command bar (CLI: `--input`). */
  instruction?: string | null;
  /** A voice run: what the user said. */
  transcript?: string | null;
}

const present = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';

export function contextBehavior({ selection, instruction, transcript }: RunContextInput): ContextBehavior {
  if (present(transcript)) return present(selection) ? 'rewrite' : 'directOutput';
  if (present(selection)) return present(instruction) ? 'rewrite' : 'directOutput';
  return present(instruction) ? 'explain' : 'noInput';
}

/** What an `insert_text` / failure fallback would put back: the selection, untouched. */
export function originalText({ selection }: RunContextInput): string {
  return selection ?? '';
}

export const NO_INPUT_MESSAGE =
  'No text was selected and no instruction was given. Do what the instructions above ask without input; ' +
  'if you need input to do anything useful, say briefly what to select or type.';

/** The user message of a prompt-mode run (the system prompt is the templated body). */
export function buildUserMessage(
  behavior: ContextBehavior,
  { selection, instruction, transcript }: RunContextInput,
): string {
  switch (behavior) {
    case 'directOutput':
      return present(selection) ? selection : (transcript ?? selection ?? '');
    case 'rewrite':
      return `<text>\n${selection ?? ''}\n</text>\n\nInstruction: ${(transcript ?? instruction ?? '').trim()}`;
    case 'explain':
      return present(selection)
        ? `<text>\n${selection}\n</text>\n\nQuestion: ${(instruction ?? '').trim()}`
        : (instruction ?? '').trim();
    case 'noInput':
      return present(instruction) ? instruction.trim() : NO_INPUT_MESSAGE;
  }
}
