import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
}

/**
 * A bar chart drawn as SVG by hand (issue #16): a dozen lines instead of a chart library's
 * 50-100 KB, and the admin only needs bars. The picture is one image with a name; the numbers
 * are in the table under it ("Show as table"), which is what a screen reader reads.
 */
export function BarChart({
  title,
  bars,
  format,
  columns,
}: {
  title: string;
  bars: readonly Bar[];
  format: (value: number) => string;
  /** The table's headings: what a bar is, and what its value is. */
  columns: [string, string];
}) {
  const id = useId();
  const width = 640;
  const height = 180;
  const top = Math.max(1, ...bars.map((b) => b.value));
  const slot = width / Math.max(1, bars.length);
  const gap = Math.min(6, slot * 0.2);
  const total = bars.reduce((sum, b) => sum + b.value, 0);
  return (
    <figure className="adm-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>
        <strong>{title}</strong> <span className="adm-muted">(total {format(total)})</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        role="img"
        aria-labelledby={`${id}-title`}
        preserveAspectRatio="none"
        className="adm-chart-svg"
      >
        <title>{title}</title>
        <line x1="0" x2={width} y1={height} y2={height} className="adm-chart-axis" />
        {bars.map((bar, i) => {
          const h = (bar.value / top) * (height - 10);
          return (
            <rect
              key={bar.label}
              x={i * slot + gap / 2}
              y={height - h}
              width={Math.max(1, slot - gap)}
              height={h}
              className="adm-chart-bar"
            >
              <title>{`${bar.label}: ${format(bar.value)}`}</title>
            </rect>
          );
        })}
        <text x="0" y={height + 16} className="adm-chart-label">
          {bars[0]?.label}
        </text>
        <text x={width} y={height + 16} textAnchor="end" className="adm-chart-label">
          {bars.at(-1)?.label}
        </text>
      </svg>
      <details>
        <summary>Show as table</summary>
        <table className="adm-table adm-chart-table">
          <caption className="adm-visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                <td>{format(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
