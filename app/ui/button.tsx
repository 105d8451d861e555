import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'text';
/** 32px in lists and headers, 36px in forms (DESIGN.md). */
export type ButtonSize = 'sm' | 'md';

/**
 * Button look for links and buttons alike: .btn, .btn-<variant> and .btn-<size> live in app.css
 * (a page repeats buttons; short class names keep its HTML small), and `extra` utilities win over them.
 */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'sm', extra = ''): string {
  return `btn btn-${variant} btn-${size}${extra ? ` ${extra}` : ''}`;
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
  return extra ? `btn-icon ${extra}` : 'btn-icon';
}
