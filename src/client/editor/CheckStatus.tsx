import { Badge, Loader } from '@mantine/core';

interface CheckStatusProps {
  /** The text differs from the last one checked. */
  pending: boolean;
  /** The check call failed. */
  failed: boolean;
  errors: number;
  warnings: number;
  /** The other pages the text would make fail (the whole set checked with it in place). */
  breaks?: number;
}

/**
 * The badge beside the file picker: checking, not checked, N errors, breaks N pages, valid with
 * warnings, or valid.
 * Its text is dark grey on the tinted ground: the tint shows the state, the text keeps AA contrast.
 */
export function CheckStatus({ pending, failed, errors, warnings, breaks = 0 }: CheckStatusProps) {
  let badge: React.ReactNode;
  if (pending)
    badge = (
      <Badge color="gray" variant="light" c="dark.7" leftSection={<Loader size={10} color="gray" />}>
        Checking
      </Badge>
    );
  else if (failed)
    badge = (
      <Badge color="red" variant="light" c="dark.7">
        Not checked
      </Badge>
    );
  else if (errors)
    badge = (
      <Badge color="red" variant="light" c="dark.7">{`${errors} error${errors === 1 ? '' : 's'}`}</Badge>
    );
  else if (breaks)
    badge = (
      <Badge
        color="red"
        variant="light"
        c="dark.7"
      >{`Breaks ${breaks} page${breaks === 1 ? '' : 's'}`}</Badge>
    );
  else if (warnings)
    badge = (
      <Badge color="yellow" variant="light" c="dark.7">
        Valid, with warnings
      </Badge>
    );
  else
    badge = (
      <Badge color="teal" variant="light" c="dark.7">
        Valid
      </Badge>
    );
  return (
    <span
      data-testid="editor-status"
      data-state={pending ? 'checking' : errors || breaks ? 'errors' : 'valid'}
    >
      {badge}
    </span>
  );
}
