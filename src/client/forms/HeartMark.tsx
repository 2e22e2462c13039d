import { VisuallyHidden } from '@mantine/core';

/** A filled heart standing for the word 'love' in 'We ♥ Feedback'; screen readers hear '♥'. */
export function HeartMark() {
  return (
    <>
      <svg
        width="1em"
        height="1em"
        viewBox="0 0 24 24"
        fill="#F13B44"
        aria-hidden="true"
        style={{ verticalAlign: '-0.125em' }}
      >
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.5 2.9 4.5 6.8 4.5c2.2 0 3.6 1.2 5.2 3 1.6-1.8 3-3 5.2-3 3.9 0 5.9 4 4.4 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
      <VisuallyHidden>♥</VisuallyHidden>
    </>
  );
}
