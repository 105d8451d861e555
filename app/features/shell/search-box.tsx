import { LIMITS } from '@core/constants.ts';
import { Search, X } from '~/ui/icons.tsx';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { iconButtonClass } from '~/ui/button.tsx';

/**
 * The header search (SPEC §2.4): at most 32 characters, trimmed, empty input does nothing,
 * otherwise /search?query=…. On narrow screens an icon opens it over the header row.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const urlQuery = pathname === '/search' ? (params.get('query') ?? '') : '';
  const [expanded, setExpanded] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // The field is uncontrolled: words typed while React hydrates it stay in the DOM (a controlled
  // field is reset to its state then). It follows the URL only when the URL's words change (a tag
  // link, the back button), never on its first render.
  const shownQuery = useRef(urlQuery);
  useEffect(() => {
    if (shownQuery.current === urlQuery || !inputRef.current) return;
    shownQuery.current = urlQuery;
    inputRef.current.value = urlQuery;
  }, [urlQuery]);

  useEffect(() => {
    if (expanded) inputRef.current?.focus();
  }, [expanded]);

  function collapse() {
    setExpanded(false);
    toggleRef.current?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('query') ?? '').trim();
    if (!query) return;
    if (inputRef.current) inputRef.current.value = query;
    setExpanded(false);
    navigate(`/search?${new URLSearchParams({ query })}`);
  }

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        aria-label="搜索"
        aria-expanded={expanded}
        className={iconButtonClass('md:hidden')}
        onClick={() => setExpanded(true)}
      >
        <Search aria-hidden size={20} strokeWidth={1.75} />
      </button>
      <search
        className={expanded ? 'absolute inset-0 z-10 flex items-center bg-card px-4' : 'hidden items-center md:flex'}
      >
        {/* action and name make it a plain GET form before hydration: a search typed early still works. */}
        <form action="/search" onSubmit={submit} className="flex flex-1 items-center gap-2">
          <div className="relative flex-1">
            <label htmlFor="site-search" className="sr-only">
              搜索
            </label>
            <input
              ref={inputRef}
              id="site-search"
              name="query"
              type="search"
              enterKeyHint="search"
              maxLength={LIMITS.searchInput}
              placeholder="搜索文章、标签、用户"
              defaultValue={urlQuery}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && expanded) collapse();
              }}
              className="search-field"
            />
            <button type="submit" aria-label="搜索" className="search-go">
              <Search aria-hidden size={16} strokeWidth={1.75} />
            </button>
          </div>
          {expanded && (
            <button type="button" aria-label="关闭搜索" className={iconButtonClass()} onClick={collapse}>
              <X aria-hidden size={20} strokeWidth={1.75} />
            </button>
          )}
        </form>
      </search>
    </>
  );
}
