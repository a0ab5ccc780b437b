import styles from './publication-stats.module.css';

export interface DayCount {
  day: string;
  count: number;
}

const WIDTH = 600;
const HEIGHT = 120;
const GAP = 2;

/** 'Mar 9' from '2026-03-09' (UTC: the days are UTC days). */
export const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * One series as bars, one per day, drawn to the largest day. The SVG is an image with a summary
 * for screen readers (role img + label); the numbers themselves are in the table under the charts.
 */
export function DailyChart({ title, series }: { title: string; series: DayCount[] }) {
  const max = Math.max(1, ...series.map((d) => d.count));
  const total = series.reduce((n, d) => n + d.count, 0);
  const busiest = series.reduce((best, d) => (d.count > best.count ? d : best), series[0] ?? { day: '', count: 0 });
  const barWidth = WIDTH / Math.max(1, series.length);
  const label =
    total === 0
      ? `${title}: none in these ${series.length} days.`
      : `${title}: ${total} in ${series.length} days; most on ${shortDay(busiest.day)} (${busiest.count}).`;
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle}>
        {title} <span className={styles.chartTotal}>{total}</span>
      </figcaption>
      <svg className={styles.svg} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label}>
        <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className={styles.axis} />
        {series.map((d, i) => {
          const h = (d.count / max) * (HEIGHT - 4);
          return (
            <rect key={d.day} x={i * barWidth + GAP / 2} y={HEIGHT - h} width={Math.max(1, barWidth - GAP)} height={h} className={styles.bar}>
              <title>{`${shortDay(d.day)}: ${d.count}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className={styles.chartRange} aria-hidden="true">
        <span>{series[0] ? shortDay(series[0].day) : ''}</span>
        <span>{series.at(-1) ? shortDay(series.at(-1)!.day) : ''}</span>
      </div>
    </figure>
  );
}
