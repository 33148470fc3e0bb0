import { useEffect, useRef, useState } from 'react';

/** How many recent levels the meter draws, and how often it takes one. */
const BARS = 28;
const SAMPLE_MS = 70;

/** A level (0–1) as a share of the meter: speech peaks sit around 0.1–0.5, a square root spreads them. */
const share = (level: number) => Math.min(1, Math.sqrt(Math.max(0, level)));

/**
 * The microphone's level as a short waveform of the last two seconds, newest on the right: it moves
 * with the voice and stays still in silence, so it never reads as a progress bar. For assistive
 * technology it is a meter of the current level (0–100).
 */
export function LevelMeter({ level, label }: { level: number; label: string }) {
  const [history, setHistory] = useState<number[]>(() => Array<number>(BARS).fill(0));
  const taken = useRef(0);
  useEffect(() => {
    const now = performance.now();
    if (now - taken.current < SAMPLE_MS) return;
    taken.current = now;
    setHistory((h) => [...h.slice(1), share(level)]);
  }, [level]);
  return (
    <div
      className="level-meter"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(share(level) * 100)}
      data-testid="level-meter"
    >
      {history.map((value, i) => (
        <span
          key={i}
          style={{ height: `${Math.max(8, Math.round(value * 100))}%`, opacity: value < 0.05 ? 0.35 : 1 }}
        />
      ))}
    </div>
  );
}

/** mm:ss */
export const clockText = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
