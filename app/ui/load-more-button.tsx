import { Button, type ButtonVariant } from './button.tsx';

/** The 加载更多 button under a list: disabled and saying 加载中… while the next page loads. */
export function LoadMoreButton({
  loading,
  onClick,
  variant = 'text',
  label = '加载更多',
}: {
  loading: boolean;
  onClick: () => void;
  variant?: ButtonVariant;
  label?: string;
}) {
  return (
    <Button variant={variant} disabled={loading} onClick={onClick}>
      {loading ? '加载中…' : label}
    </Button>
  );
}
