import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'text';
/** 32px in lists and headers, 36px in forms (DESIGN.md). */
export type ButtonSize = 'sm' | 'md';

const base =
  'inline-flex shrink-0 items-center justify-center gap-1.5 whitespace-nowrap rounded font-medium transition-colors duration-150 ease-out disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-hover dark:text-black',
  secondary: 'border border-line bg-card text-fg-2 hover:border-brand hover:text-brand',
  text: 'text-fg-2 hover:text-brand',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-9 px-4 text-sm',
};

/** Button look for links and buttons alike. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'sm', extra = ''): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

/** A square icon-only button; the label is for screen readers and the tooltip. */
export function iconButtonClass(extra = ''): string {
  return `inline-flex size-8 shrink-0 items-center justify-center rounded text-fg-2 transition-colors duration-150 ease-out hover:bg-page hover:text-brand ${extra}`.trim();
}
