/** The emoji on its colored tile: how a skill is recognised in the deck. */
export function SkillTile({
  emoji,
  color,
  testId,
  size = 'md',
}: {
  emoji: string;
  color: string;
  testId?: string;
  size?: 'md' | 'lg';
}) {
  return (
    <span
      className={`skill-tile skill-tile-${size}`}
      data-testid={testId}
      style={{ backgroundColor: color }}
      aria-hidden="true"
    >
      {emoji}
    </span>
  );
}
