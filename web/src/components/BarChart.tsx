import { useId } from 'preact/hooks';
import type { Count } from '../lib/findings.js';

interface BarChartProps {
  readonly title: string;
  readonly data: readonly Count[];
  /** CSS modifier per bar (severity colours); default one colour. */
  readonly barClass?: (label: string) => string;
  readonly labelFor?: (label: string) => string;
}

const ROW = 28;
// About 300 units wide: at 360 px the chart is drawn near 1:1, so its text stays readable.
const LABEL_WIDTH = 104;
const BAR_SPACE = 150;
const COUNT_WIDTH = 44;
const WIDTH = LABEL_WIDTH + BAR_SPACE + COUNT_WIDTH;

/**
 * Horizontal bars in SVG (attributes only; no inline style, per the CSP),
 * then the same numbers as a table (behind "Show as a table") for anyone who
 * prefers text. The SVG itself is one image whose label lists every value.
 */
export function BarChart({ title, data, barClass, labelFor = (l) => l }: BarChartProps) {
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.count));
  const height = Math.max(ROW, data.length * ROW);
  const summary = data.map((d) => `${labelFor(d.label)} ${d.count}`).join(', ');
  return (
    <figure class="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} class="chart__caption">
        {title}
      </figcaption>
      <svg class="chart__svg" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={`${title}: ${summary || 'none'}`} preserveAspectRatio="xMinYMin meet">
        {data.map((d, i) => {
          const y = i * ROW;
          const width = d.count === 0 ? 0 : Math.max(2, Math.round((d.count / max) * BAR_SPACE));
          return (
            <g key={d.label}>
              <text x={0} y={y + ROW / 2} dominant-baseline="middle" class="chart__label">
                {labelFor(d.label)}
              </text>
              <rect x={LABEL_WIDTH} y={y + 5} width={width} height={ROW - 10} rx={3} class={`chart__bar ${barClass?.(d.label) ?? ''}`} />
              <text x={LABEL_WIDTH + width + 6} y={y + ROW / 2} dominant-baseline="middle" class="chart__value">
                {d.count}
              </text>
            </g>
          );
        })}
      </svg>
      <details class="chart__details">
        <summary>Show as a table</summary>
        <table class="chart__table">
        <caption class="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{title.replace(/^Findings by /i, '').replace(/^./, (c) => c.toUpperCase())}</th>
            <th scope="col" class="num">
              Findings
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{labelFor(d.label)}</th>
              <td class="num">{d.count}</td>
            </tr>
          ))}
        </tbody>
        </table>
      </details>
    </figure>
  );
}
