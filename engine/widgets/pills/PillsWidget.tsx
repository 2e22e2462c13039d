import { Button } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSource } from '../../data/useSource';
import { resolvedList } from '../../definitions/normalizedPage';
import { usePageRuntime } from '../../render/pageRuntime';
import type { PillsWidget as PillsOptions } from '../../types/dashboard';
import type { WidgetProps } from '../widgetProps';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Pill buttons bound to a param: an enabled pill selects only itself; a disabled pill does nothing.
 * With disableWhenEmpty, the guarded pill is disabled while its data is empty (the fallback is
 * selected in its place) and selected again when data returns, unless the user chose meanwhile.
 */
export function PillsWidget({ widget }: WidgetProps<PillsOptions>) {
  const { params, setParams, runActions } = usePageRuntime();
  const guard = widget.disableWhenEmpty;
  const guarded = useSource(guard?.data);
  const disabledValue = guard && guarded.isLoaded && guarded.rows.length === 0 ? guard.value : undefined;
  const selected = params[widget.param];

  // Set once the pills fell back because the guarded value had no data, until the user chooses or
  // the guarded value is selected again for them: whenever the data is there and the fallback is
  // shown meanwhile (a late URL write of the fallback after an apply chose the guarded value, say),
  // the guarded value is selected again.
  const fellBack = useRef(false);
  useEffect(() => {
    if (!guard) return;
    if (disabledValue !== undefined && same(selected, disabledValue)) {
      fellBack.current = true;
      setParams(new Map([[widget.param, guard.fallback]]), 'replace');
    } else if (
      disabledValue === undefined &&
      guarded.isLoaded &&
      fellBack.current &&
      same(selected, guard.fallback)
    ) {
      fellBack.current = false;
      setParams(new Map([[widget.param, guard.value]]), 'replace');
    }
  }, [guard, disabledValue, guarded.isLoaded, selected, setParams, widget.param]);

  return (
    <Button.Group data-testid={widget.id ?? `pills-${widget.param}`}>
      {resolvedList(widget.options).map((o) => {
        const disabled = disabledValue !== undefined && same(o.value, disabledValue);
        const isSelected = same(o.value, selected);
        return (
          <Button
            key={o.label}
            // 90 px wide (76 px up to 767 px), growing when a label needs more.
            miw={{ base: 76, sm: 90 }}
            px="sm"
            variant={isSelected ? 'filled' : 'default'}
            aria-pressed={isSelected}
            disabled={disabled}
            onClick={() => {
              if (disabled) return;
              fellBack.current = false;
              setParams(new Map([[widget.param, o.value]]));
              runActions(widget.on?.select, { value: o.value });
            }}
          >
            {o.label}
          </Button>
        );
      })}
    </Button.Group>
  );
}
