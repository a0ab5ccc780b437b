import { useId, useState, type FormEvent } from 'react';
import { cx } from '../../lib/class-names';
import { useNavigation } from '../../router/navigation';
import { SearchIcon } from '../icons';
import { SEARCH_HREF, searchHref } from './site-pages';
import styles from './search-box.module.css';

export interface SearchBoxProps {
  className?: string;
  placeholder?: string;
}

/**
 * The header search box (240px). Submitting goes to /search?q=...; it is a real GET form, so
 * it also works before the client takes over.
 */
export function SearchBox({ className, placeholder = 'Search' }: SearchBoxProps) {
  const nav = useNavigation();
  const inputId = useId();
  const [query, setQuery] = useState(() => new URLSearchParams(nav.search).get('q') ?? '');

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = query.trim();
    if (q) nav.navigate(searchHref(q));
  };

  return (
    <form role="search" action={SEARCH_HREF} method="get" className={cx(styles.box, className)} onSubmit={onSubmit}>
      <label htmlFor={inputId} className={styles.icon}>
        <SearchIcon size={24} />
        <span className="visually-hidden">Search</span>
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="search"
        name="q"
        placeholder={placeholder}
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
    </form>
  );
}
