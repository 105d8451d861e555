import { data } from 'react-router';
import { NotFoundView } from '~/features/shell/status-views.tsx';

/** The catch-all route: status 404 and the not-found view (SPEC §2.1). */
export function loader() {
  throw data({ message: '找不到页面' }, { status: 404 });
}

/** Reached only if the loader ever stops throwing; the root ErrorBoundary shows the same view. */
export default function NotFound() {
  return <NotFoundView />;
}
