import {
  Box,
  Button,
  Center,
  Divider,
  Group,
  Input,
  Loader,
  Popover,
  SimpleGrid,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { type DateRange, formatPeriod, presetRanges, rangeFromDates } from '../../shared/datePresets';
import { useMobileLayout } from '../theme/useMobileLayout';
import { CalendarIcon, ChevronDownIcon } from '../widgets/icons';

/**
 * The calendar comes with the picker's first opening (or the pointer or focus reaching it), not with
 * the app: Mantine's dates package is a sixth of the app's code, and most visits never open it.
 */
const loadDates = () => import('@mantine/dates');
const DatePicker = lazy(() => loadDates().then((m) => ({ default: m.DatePicker<'range'> })));
const preloadCalendar = () => void loadDates();

interface PeriodPickerProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
}

/** The Period control: preset ranges beside a two-month calendar; shows MM/DD/YYYY dates. */
export function PeriodPicker({ value, onChange }: PeriodPickerProps) {
  const [opened, setOpened] = useState(false);
  useWindowEvent('keydown', (e) => {
    if (e.key === 'Escape') setOpened(false);
  });
  const [draft, setDraft] = useState<[string | null, string | null]>([null, null]);
  const narrow = useMobileLayout();

  function open(next: boolean) {
    if (next) setDraft([value.currentPeriod.start, value.currentPeriod.end]);
    setOpened(next);
  }

  function pick(range: DateRange) {
    onChange(range);
    setOpened(false);
  }

  function pickDates(v: [string | null, string | null]) {
    setDraft(v);
    if (v[0] && v[1]) pick(rangeFromDates(v[0], v[1]));
  }

  return (
    <Popover
      opened={opened}
      onChange={open}
      position="bottom-start"
      shadow="lg"
      withinPortal
      trapFocus={false}
      withRoles={false}
    >
      <Popover.Target>
        <Input.Wrapper label="Period" w="100%">
          <Input
            component="button"
            type="button"
            pointer
            data-testid="period-picker"
            aria-haspopup="dialog"
            aria-expanded={opened}
            // The name holds the text the button shows, word for word (WCAG 2.5.3, label in name).
            aria-label={`Period: ${value.label} ${formatPeriod(value.currentPeriod)}`}
            onClick={() => open(!opened)}
            onPointerEnter={preloadCalendar}
            onFocus={preloadCalendar}
            leftSection={<CalendarIcon size={16} />}
            rightSection={<ChevronDownIcon size={16} />}
            rightSectionPointerEvents="none"
          >
            <Group gap={8} wrap="nowrap" style={{ overflow: 'hidden' }}>
              <Text fz="sm" fw={600} data-testid="period-label" style={{ whiteSpace: 'nowrap' }}>
                {value.label}
              </Text>{' '}
              <Text fz="sm" c="dimmed" data-testid="period-dates" truncate>
                {formatPeriod(value.currentPeriod)}
              </Text>
            </Group>
          </Input>
        </Input.Wrapper>
      </Popover.Target>
      <Popover.Dropdown
        p={0}
        data-testid="period-dropdown"
        style={narrow ? { width: 'calc(100vw - 24px)', maxWidth: 'calc(100vw - 24px)' } : undefined}
      >
        <PeriodChoices
          value={value}
          draft={draft}
          narrow={narrow}
          onPick={pick}
          onPickDates={pickDates}
          onClose={() => setOpened(false)}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

interface PeriodChoicesProps {
  value: DateRange;
  draft: [string | null, string | null];
  narrow: boolean;
  onPick: (range: DateRange) => void;
  onPickDates: (dates: [string | null, string | null]) => void;
  onClose: () => void;
}

/**
 * The open picker's content: the presets, the calendar and the comparison line. A component of its
 * own, so the presets are worked out only while the picker is open, not on every render of the
 * filter bar.
 */
function PeriodChoices({ value, draft, narrow, onPick, onPickDates, onClose }: PeriodChoicesProps) {
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <>
      <Group align="stretch" gap={0} wrap={narrow ? 'wrap' : 'nowrap'}>
        <SimpleGrid
          cols={narrow ? 2 : 1}
          spacing={2}
          verticalSpacing={2}
          p="xs"
          w={narrow ? '100%' : 170}
          role="listbox"
          aria-label="Preset ranges"
        >
          {presetRanges().map((r) => {
            const active = r.label === value.label;
            return (
              <UnstyledButton
                key={r.label}
                role="option"
                aria-selected={active}
                onClick={() => onPick(r)}
                px="sm"
                py={6}
                style={{
                  borderRadius: 6,
                  fontSize: 14,
                  fontWeight: active ? 600 : 400,
                  color: active ? 'white' : undefined,
                  background: active ? 'var(--mantine-primary-color-filled)' : undefined,
                }}
                className="period-preset"
              >
                {r.label}
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
        {!narrow && <Divider orientation="vertical" />}
        <Box p="sm" mx={narrow ? 'auto' : undefined}>
          <Suspense
            fallback={
              <Center w={narrow ? 252 : 520} h={300} data-testid="period-calendar-loading">
                <Loader size="sm" />
              </Center>
            }
          >
            <DatePicker
              type="range"
              value={draft}
              onChange={onPickDates}
              numberOfColumns={narrow ? 1 : 2}
              maxDate={today}
              defaultDate={dayjs(value.currentPeriod.end)
                .subtract(narrow ? 0 : 1, 'month')
                .format('YYYY-MM-DD')}
              allowSingleDateInRange
              previousLabel="Previous month"
              nextLabel="Next month"
              // Weekends in plain text: red digits on the range's blue fall below 4.5:1 contrast.
              weekendDays={[]}
              firstDayOfWeek={0}
            />
          </Suspense>
          <Text fz="xs" c="dimmed" mt="xs" data-testid="period-comparison">
            Compared with {formatPeriod(value.previousPeriod)}
          </Text>
        </Box>
      </Group>
      <Group justify="flex-end" px="sm" pb="sm">
        <Button variant="default" size="compact-sm" onClick={onClose}>
          Close
        </Button>
      </Group>
    </>
  );
}
