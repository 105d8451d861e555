import { Component, type ErrorInfo, type ReactNode } from 'react';

interface RenderGuardProps {
  /** What renders instead once something inside has thrown. */
  fallback: ReactNode;
  /** Told once, after the failure, so a parent can change more than this spot. */
  onError?: (error: unknown) => void;
  children: ReactNode;
}

/**
 * A React error boundary for the parts of the document that no route ErrorBoundary covers
 * (the head's meta tags, the shell around <main>): without it React Router's raw
 * "Application Error" page replaces the site. Once failed it stays failed; the error views
 * turn the next navigation into a full page load (SPEC §2.1), which starts afresh.
 */
export class RenderGuard extends Component<RenderGuardProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError?.(error);
  }

  render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
