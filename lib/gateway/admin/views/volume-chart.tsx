import type { DayVolume } from '../overview/overview';
import { money } from './format';

const WIDTH = 900;
const HEIGHT = 260;
const PAD = { left: 100, right: 10, top: 10, bottom: 40 };

/**
 * Volume per day as an SVG bar chart drawn on the server (no script, works under the strict CSP).
 * Each bar has a <title> (hover and screen readers); a table with the same figures follows for those who prefer reading.
 */
export function VolumeChart({ days }: { days: DayVolume[] }) {
  const max = Math.max(1, ...days.map((day) => day.cents));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const ticks = [0, 0.5, 1].map((fraction) => ({ y: PAD.top + plotHeight * (1 - fraction), cents: Math.round(max * fraction) }));
  return (
    <svg
      class="chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby="chart-title"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id="chart-title">Volume per day, last {days.length} days</title>
      {ticks.map((tick) => (
        <>
          <line class="axis" x1={PAD.left} x2={WIDTH - PAD.right} y1={tick.y} y2={tick.y} />
          <text x={PAD.left - 6} y={tick.y + 4} text-anchor="end">
            {money(tick.cents)}
          </text>
        </>
      ))}
      {days.map((day, i) => {
        const height = (day.cents / max) * plotHeight;
        const x = PAD.left + i * slot;
        return (
          <>
            <rect class="bar" x={x + slot * 0.15} width={slot * 0.7} y={PAD.top + plotHeight - height} height={height}>
              <title>{`${day.day}: ${money(day.cents)} in ${day.count} transactions`}</title>
            </rect>
            {i % 5 === 0 || i === days.length - 1 ? (
              <text x={x + slot / 2} y={HEIGHT - PAD.bottom + 16} text-anchor="middle">
                {day.day.slice(5)}
              </text>
            ) : null}
          </>
        );
      })}
    </svg>
  );
}
