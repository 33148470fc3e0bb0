import { emojiDrawable } from './emoji-drawable';
import { initialColor, skillInitial } from './tile-initial';

/**
 * The emoji on its colored tile: how a skill is recognised in the deck. Where the system's fonts cannot
 * draw the emoji, the skill's initial on the same colour (an empty box says nothing).
 */
export function SkillTile({
  emoji,
  color,
  name,
  testId,
  size = 'md',
}: {
  emoji: string;
  color: string;
  /** The skill's name, for the initial. */
  name: string;
  testId?: string;
  size?: 'md' | 'lg';
}) {
  const drawable = emojiDrawable(emoji);
  return (
    <span
      className={`skill-tile skill-tile-${size}`}
      data-testid={testId}
      data-fallback={drawable ? undefined : 'initial'}
      style={{ backgroundColor: color, ...(drawable ? {} : { color: initialColor(color) }) }}
      aria-hidden="true"
    >
      {drawable ? emoji : skillInitial(name)}
    </span>
  );
}
