import { showMessage } from '../messages/messageBus';

/** Seconds the confirmation stays up. */
export const COPIED_SECONDS = 3;
export const LINK_COPIED_MESSAGE = 'Link copied: it opens this view, with its filter.';
export const LINK_NOT_COPIED_MESSAGE = 'The link could not be copied; copy it from the address bar.';

/** Puts `text` on the clipboard: the Clipboard API, else (a page served over plain HTTP) a selected text area. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

/** Copies the page's address (the applied filter and the view are in it) and says so in the message bar. */
export async function copyCurrentLink(): Promise<void> {
  try {
    await writeClipboard(window.location.href);
    showMessage({ type: 'success', text: LINK_COPIED_MESSAGE, autoCloseSeconds: COPIED_SECONDS });
  } catch {
    showMessage({ type: 'warning', text: LINK_NOT_COPIED_MESSAGE, autoCloseSeconds: COPIED_SECONDS * 2 });
  }
}
