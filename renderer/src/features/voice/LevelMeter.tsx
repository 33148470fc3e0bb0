/** The microphone's level as a bar (a meter for assistive technology: 0–100). */
export function LevelMeter({ level, label }: { level: number; label: string }) {
  // speech peaks sit around 0.1–0.5: a square root spreads them over the bar
  const percent = Math.round(Math.min(1, Math.sqrt(Math.max(0, level))) * 100);
  return (
    <div
      className="level-meter"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid="level-meter"
    >
      <span style={{ width: `${percent}%` }} />
    </div>
  );
}

/** mm:ss */
export const clockText = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
