import { Alert, Button } from '@mantine/core';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ReactNode } from 'react';
import { messages } from '../definitions/messages';

interface BoundaryProps {
  title: string;
  onReset: () => void;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Alert color="red" title={messages.panelError(this.props.title)} data-testid="panel-error">
        {error.message}
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
 * (which also resets failed queries), never a blank page.
 */
export function PanelErrorBoundary({ title, children }: { title: string; children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <Boundary title={title} onReset={reset}>
          {children}
        </Boundary>
      )}
    </QueryErrorResetBoundary>
  );
}
