import { Dialog } from 'radix-ui';
import type { FormEvent, ReactNode } from 'react';
import { Button } from './button.tsx';

/**
 * The form of a create/edit dialog (inside a ModalDialog): its title, the fields, and 取消 beside
 * the submit button. The browser's own checks are off: the form validates with the same zod
 * messages as the server. `spacing` and `footerGap` keep each dialog's rhythm.
 */
export function DialogForm({
  title,
  onSubmit,
  submitLabel,
  submitDisabled,
  spacing = 'space-y-4',
  footerGap = 'gap-2',
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  submitDisabled: boolean;
  spacing?: 'space-y-3' | 'space-y-4';
  footerGap?: 'gap-2' | 'gap-3';
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} className={`${spacing} p-6`} noValidate>
      <Dialog.Title className="font-semibold text-lg">{title}</Dialog.Title>
      {children}
      <div className={`flex justify-end ${footerGap} pt-2`}>
        <Dialog.Close asChild>
          <Button variant="secondary" size="md">
            取消
          </Button>
        </Dialog.Close>
        <Button type="submit" size="md" disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The small 上传/更换 button that opens the file picker for one image, and hands the file on. */
export function ImagePickButton({
  label,
  accept,
  disabled,
  onFile,
  name,
  ariaLabel,
}: {
  label: string;
  accept: string;
  disabled: boolean;
  onFile: (file: File | undefined) => void;
  name?: string;
  ariaLabel?: string;
}) {
  return (
    <label className="inline-flex h-8 cursor-pointer items-center rounded border border-line px-3 text-fg-2 text-sm hover:border-brand hover:text-brand focus-within:outline-2 focus-within:outline-brand">
      {label}
      <input
        type="file"
        name={name}
        aria-label={ariaLabel}
        accept={accept}
        className="sr-only"
        disabled={disabled}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </label>
  );
}
