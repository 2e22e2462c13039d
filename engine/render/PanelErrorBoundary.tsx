import { Alert, Button, Text } from '@mantine/core';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ReactNode } from 'react';
import { messages } from '../definitions/messages';

interface BoundaryProps {
  title: string;
  onReset: () => void;
  /** A value whose change clears the error and renders the panel again (the filter's apply count). */
  resetKey: unknown;
  describe?: (error: Error) => string | undefined;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    // A new apply (or Reset) asks every panel again, a failed one included.
    if (this.state.error && previous.resetKey !== this.props.resetKey) {
      this.props.onReset();
      this.setState({ error: null });
    }
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Alert color="red" title={messages.panelError(this.props.title)} data-testid="panel-error">
        <Text size="sm" data-testid="panel-error-text">
          {this.props.describe?.(error) ?? messages.panelErrorDetail()}
        </Text>
        <Button
          mt="sm"
          size="xs"
          variant="light"
          onClick={() => {
            this.props.onReset();
            this.setState({ error: null });
          }}
        >
          {messages.retry()}
        </Button>
      </Alert>
    );
  }
}

/**
 * One panel's error boundary: a failing widget or request shows an error card with a Retry
 * (which also resets failed queries), never a blank page. A change of `resetKey` (the next apply
 * of the global filter) does what Retry does.
 */
export function PanelErrorBoundary({
  title,
  resetKey,
  describe,
  children,
}: {
  title: string;
  resetKey: unknown;
  describe?: (error: Error) => string | undefined;
  children: ReactNode;
}) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <Boundary title={title} onReset={reset} resetKey={resetKey} describe={describe}>
          {children}
        </Boundary>
      )}
    </QueryErrorResetBoundary>
  );
}
