import { Alert, Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';

interface PreviewBoundaryProps {
  /** A new value clears a caught error (a new definition is tried). */
  resetKey: string;
  children: ReactNode;
}

/** Keeps the editor usable when a definition passes the checks but fails to render. */
export class PreviewBoundary extends Component<PreviewBoundaryProps, { error?: Error; key: string }> {
  override state: { error?: Error; key: string } = { key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: PreviewBoundaryProps, state: { error?: Error; key: string }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert color="red" title="The preview could not be drawn">
        <Text size="sm">{this.state.error.message}</Text>
      </Alert>
    );
  }
}
