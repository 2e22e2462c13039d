import { CloseButton, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { closeMessage, type MessageType } from './messageBus';
import { useMessage, useMessageSlot } from './useMessage';

const BACKGROUND: Record<MessageType, string> = {
  'internal-server-error': '#c92a2a',
  timeout: '#d9480f',
  'server-error': '#a61e4d',
  warning: '#f59f00',
  success: '#2b8a3e',
  info: '#1c7ed6',
};

/** Across the top of the window, above everything (the sign-in pages). */
const overWindow = { position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 } as const;

/** In the page's flow under the top bar, staying in view as the page scrolls. */
const inShell = { position: 'sticky', top: 60, zIndex: 150, borderRadius: 8, marginBottom: 12 } as const;

/**
 * The global message bar; closes on its icon or after autoCloseSeconds. In the app shell it sits at
 * the top of the page's content, under the top bar, and pushes the page down while shown (it hides
 * neither the top bar nor the filter bar); elsewhere it lies across the top of the window.
 */
export function MessageBar() {
  const message = useMessage();
  const slot = useMessageSlot();

  useEffect(() => {
    if (!message?.autoCloseSeconds) return;
    const timer = setTimeout(closeMessage, message.autoCloseSeconds * 1000);
    return () => clearTimeout(timer);
  }, [message]);

  if (!message) return null;
  const bar = (
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
        ...(slot ? inShell : overWindow),
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
  return slot ? createPortal(bar, slot) : bar;
}
