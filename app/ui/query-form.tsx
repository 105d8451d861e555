import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Button } from '~/ui/button.tsx';
import { Search } from '~/ui/icons.tsx';

/**
 * A GET search box with its 搜索 button: the words go in `query`, trimmed, and empty input does
 * nothing. `children` are hidden fields that travel with it.
 */
export function QueryForm({
  action,
  ariaLabel,
  fieldLabel,
  placeholder,
  maxLength,
  query,
  children,
}: {
  action: string;
  ariaLabel?: string;
  /** The field's screen-reader label. */
  fieldLabel: string;
  placeholder: string;
  maxLength: number;
  query: string;
  children?: ReactNode;
}) {
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={ariaLabel}
      className="flex gap-2"
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem('query');
        if (!(input instanceof HTMLInputElement)) return;
        input.value = input.value.trim();
        if (!input.value) event.preventDefault();
      }}
    >
      {children}
      <label className="relative min-w-0 flex-1">
        <span className="sr-only">{fieldLabel}</span>
        <Search
          size={16}
          strokeWidth={1.75}
          aria-hidden="true"
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 text-fg-3"
        />
        <input
          type="search"
          name="query"
          defaultValue={query}
          maxLength={maxLength}
          placeholder={placeholder}
          className="h-9 w-full rounded border border-line bg-card pr-3 pl-9 text-fg placeholder:text-fg-3 focus:border-brand"
        />
      </label>
      <Button type="submit" size="md">
        搜索
      </Button>
    </Form>
  );
}
