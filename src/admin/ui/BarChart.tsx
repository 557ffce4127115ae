import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
}

/**
 * A bar chart that is a table: each row names its bar, draws it and writes its value on it, so
 * the owner reads the numbers at a glance and a screen reader reads the same table. Plain HTML
 * and CSS (no chart library, no SVG text that shrinks on a phone).
 */
export function BarChart({
  title,
  subtitle,
  bars,
  format,
  columns,
}: {
  title: string;
  /** A line under the title (the window's dates, the total). */
  subtitle?: string;
  bars: readonly Bar[];
  format: (value: number) => string;
  /** The table's headings: what a bar is, and what its value is. */
  columns: [string, string];
}) {
  const id = useId();
  const top = Math.max(1, ...bars.map((b) => b.value));
  return (
    <section className="adm-chart" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {subtitle ? <p className="adm-muted">{subtitle}</p> : null}
      <table className="adm-bars" aria-labelledby={`${id}-title`}>
        <thead className="adm-visually-hidden">
          <tr>
            <th scope="col">{columns[0]}</th>
            <th scope="col">{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label}>
              <th scope="row">{bar.label}</th>
              <td>
                <span className="adm-bar-track" aria-hidden="true">
                  <span className="adm-bar" style={{ width: `${(Math.max(0, bar.value) / top) * 100}%` }} />
                </span>
                <span className="adm-bar-value">{format(bar.value)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
