import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** When this changes while the fallback shows, the boundary tries its children again. */
  resetKey: string;
  fallback: (retry: () => void) => ReactNode;
  /** Runs before the children are tried again (the loader forgets the failed attempt). */
  onReset?: () => void;
  children: ReactNode;
}

interface State {
  error: unknown;
}

/**
 * Keeps a failing remote inside the content area. It resets on the next navigation (resetKey)
 * rather than being keyed on the path, so a healthy remote is not remounted on every click.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('unknown error') };
  }

  override componentDidUpdate(prevProps: Props) {
    if (this.state.error && prevProps.resetKey !== this.props.resetKey) this.retry();
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Remote failed to load or render', error, info.componentStack);
  }

  retry = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render() {
    return this.state.error ? this.props.fallback(this.retry) : this.props.children;
  }
}
