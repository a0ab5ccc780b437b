import { Link } from '../../router/Link.js';
import archive from './TagArchivePage.module.css';

export interface Period {
  year: number;
  month?: number | null;
  day?: number | null;
  postCount: number;
}

/** One level of the archive's navigation: its periods with counts, the open one marked. */
export function PeriodRow({ label, periods, href, text, current }: { label: string; periods: Period[]; href: (p: Period) => string; text: (p: Period) => string; current?: number | null }) {
  if (periods.length === 0) return null;
  return (
    <nav aria-label={label} className={archive.row}>
      {periods.map((p) => {
        const value = p.day ?? p.month ?? p.year;
        const open = value === current;
        return (
          <Link key={value} href={href(p)} className={open ? archive.periodOpen : archive.period} aria-current={open ? 'page' : undefined}>
            {text(p)} <span className={archive.count}>{p.postCount}</span>
          </Link>
        );
      })}
    </nav>
  );
}
