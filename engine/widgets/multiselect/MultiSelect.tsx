import {
  Box,
  Button,
  CloseButton,
  Group,
  Input,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { memo, useMemo, useState } from 'react';
import { multiSelectLabel, withInactiveSuffix } from '../../format/selectionLabel';
import { CheckIcon, ChevronDownIcon, SearchIcon } from '../../render/strokeIcons';
import { useLatestCallback } from '../../render/useLatestCallback';
import './multiSelect.css';

/** One choice of a MultiSelect. */
export interface MultiSelectOption<V extends string | number> {
  value: V;
  label: string;
  /** Shown with ' (Inactive)' after the label. */
  inactive?: boolean;
}

/** What the user did: Check All, Uncheck All, or one option toggled. */
export type MultiSelectChange<V extends string | number> =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'toggle'; value: V; checked: boolean };

export interface MultiSelectProps<V extends string | number> {
  /** Field label above the control (also its accessible name). */
  label: string;
  options: readonly MultiSelectOption<V>[];
  /** The selected values. */
  value: readonly V[];
  /** Every change as it happens (not called when withApply is set: use onApply). */
  onChange?: (value: V[], change: MultiSelectChange<V>) => void;
  /** Show the search box (default true). */
  searchable?: boolean;
  /** Stage changes and emit them with an Apply button, disabled until something is selected. */
  withApply?: boolean;
  onApply?: (value: V[]) => void;
  /** Red border (e.g. too many selected). */
  error?: boolean;
  disabled?: boolean;
  /** Width of the closed control. */
  w?: number | string;
  'data-testid'?: string;
}

function optionText<V extends string | number>(o: MultiSelectOption<V>): string {
  return withInactiveSuffix(o.label, !o.inactive);
}

interface OptionRowProps {
  value: string | number;
  text: string;
  inactive: boolean;
  on: boolean;
  onToggle: (value: string | number) => void;
}

/**
 * One option: plain elements, drawn again only when its own props change. A list of hundreds of
 * sites then opens in one pass of cheap rows, and a click redraws the one row it toggled, not all.
 */
const OptionRow = memo(function OptionRow({ value, text, inactive, on, onToggle }: OptionRowProps) {
  return (
    <button
      type="button"
      role="option"
      aria-selected={on}
      className="multi-select-option"
      onClick={() => onToggle(value)}
    >
      <span className="multi-select-check" data-checked={on || undefined}>
        {on && <CheckIcon size={13} stroke={3} />}
      </span>
      <span className="multi-select-text" data-inactive={inactive || undefined}>
        {text}
      </span>
    </button>
  );
});

/**
 * The shared multi-select (SPEC.md section 2, Filter bar): search box with clear icon, Check All and
 * Uncheck All, options with checkmarks, optional Apply button; closes on outside click. The closed
 * control reads 'None', the option's label, 'All' or 'Multiple N'.
 *
 * Memoized: it draws again only when one of its props is another value, so callers hand it
 * options, values and callbacks that keep their identity while unchanged (useLatestCallback).
 */
export const MultiSelect = memo(MultiSelectControl) as typeof MultiSelectControl;

function MultiSelectControl<V extends string | number>(props: MultiSelectProps<V>) {
  const { label, options, value, onChange, searchable = true, withApply = false, onApply } = props;
  const [opened, setOpened] = useState(false);
  useWindowEvent('keydown', (e) => {
    if (e.key === 'Escape') setOpened(false);
  });
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState<V[]>([]);
  const selected = withApply ? draft : value;
  const selectedSet = useMemo(() => new Set<V>(selected), [selected]);

  const labelled = useMemo(() => options.map((o) => ({ option: o, text: optionText(o) })), [options]);
  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? labelled.filter((o) => o.text.toLowerCase().includes(q)) : labelled;
  }, [labelled, search]);

  const single = value.length === 1 ? options.find((o) => o.value === value[0]) : undefined;
  const closedLabel = multiSelectLabel(value.length, options.length, single ? optionText(single) : undefined);

  function open(next: boolean) {
    if (next) {
      setDraft([...value]);
      setSearch('');
    }
    setOpened(next);
  }

  function change(next: V[], c: MultiSelectChange<V>) {
    if (withApply) setDraft(next);
    else onChange?.(next, c);
  }

  function toggle(v: V) {
    const checked = !selectedSet.has(v);
    change(checked ? [...selected, v] : selected.filter((x) => x !== v), {
      kind: 'toggle',
      value: v,
      checked,
    });
  }

  // The rows get one callback for the whole life of the list, so toggling one leaves the others be.
  const onToggle = useLatestCallback((v: string | number) => toggle(v as V));

  function apply() {
    onApply?.(draft);
    setOpened(false);
  }

  const testId = props['data-testid'];
  return (
    <Popover
      opened={opened}
      onChange={open}
      position="bottom-start"
      shadow="lg"
      width={300}
      withinPortal
      trapFocus={false}
      withRoles={false}
      closeOnEscape
    >
      <Popover.Target>
        <Input.Wrapper label={label} w={props.w ?? 220}>
          <Input
            component="button"
            type="button"
            pointer
            data-testid={testId}
            aria-haspopup="dialog"
            aria-expanded={opened}
            aria-label={`${label}: ${closedLabel}`}
            error={props.error}
            disabled={props.disabled}
            onClick={() => open(!opened)}
            rightSection={<ChevronDownIcon size={16} />}
            rightSectionPointerEvents="none"
          >
            <Text fz="sm" truncate>
              {closedLabel}
            </Text>
          </Input>
        </Input.Wrapper>
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid={testId ? `${testId}-dropdown` : undefined}>
        <Stack gap={0}>
          {searchable && (
            <Box p="xs" pb={4}>
              <TextInput
                placeholder="Search"
                aria-label="Search"
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                leftSection={<SearchIcon size={15} />}
                rightSection={
                  search ? (
                    <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} />
                  ) : null
                }
                size="sm"
              />
            </Box>
          )}
          <Group gap="xs" px="xs" py={6} grow>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() =>
                change(
                  options.map((o) => o.value),
                  { kind: 'all' },
                )
              }
            >
              Check All
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => change([], { kind: 'none' })}>
              Uncheck All
            </Button>
          </Group>
          <ScrollArea.Autosize
            mah={280}
            type="auto"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Box role="listbox" aria-multiselectable="true" aria-label={label} py={4}>
              {visible.map(({ option, text }) => (
                <OptionRow
                  key={String(option.value)}
                  value={option.value}
                  text={text}
                  inactive={option.inactive === true}
                  on={selectedSet.has(option.value)}
                  onToggle={onToggle}
                />
              ))}
              {visible.length === 0 && (
                <Text fz="sm" c="dimmed" px="sm" py="xs">
                  No matches
                </Text>
              )}
            </Box>
          </ScrollArea.Autosize>
          {withApply && (
            <Box p="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
              <Button fullWidth size="compact-md" disabled={draft.length === 0} onClick={apply}>
                Apply
              </Button>
            </Box>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
