import { CloseButton, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { closeMessage, type MessageType } from './messageBus';
import { useMessage } from './useMessage';

const BACKGROUND: Record<MessageType, string> = {
  'internal-server-error': '#c92a2a',
  timeout: '#d9480f',
  'server-error': '#a61e4d',
  warning: '#f59f00',
  success: '#2b8a3e',
  info: '#1c7ed6',
};

/**
 * The global message bar across the top of the window, under the top bar when signed in; closes on its
 * icon or after autoCloseSeconds.
 */
export function MessageBar() {
  const message = useMessage();

  useEffect(() => {
    if (!message?.autoCloseSeconds) return;
    const timer = setTimeout(closeMessage, message.autoCloseSeconds * 1000);
    return () => clearTimeout(timer);
  }, [message]);

  if (!message) return null;
  return (
    <Group
      role="alert"
      data-testid="message-bar"
      data-type={message.type}
      className={`message-bar message-bar--${message.type}`}
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      px="md"
      py={10}
      style={{
        // Top: shell.css (below the top bar where there is one).
        position: 'fixed',
        left: 0,
        right: 0,
        zIndex: 1000,
        background: BACKGROUND[message.type],
        color: message.type === 'warning' ? '#1b2a41' : 'white',
        boxShadow: '0 2px 10px rgba(0,0,0,0.2)',
      }}
    >
      <Text fz="sm" fw={500} style={{ flex: 1 }} data-testid="message-bar-text">
        {message.text}
      </Text>
      <CloseButton
        aria-label="Close message"
        onClick={closeMessage}
        variant="transparent"
        c={message.type === 'warning' ? '#1b2a41' : 'white'}
      />
    </Group>
  );
}
