import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { useSource } from '../../data/useSource';
import { usePageRuntime } from '../../render/pageRuntime';
import type { PillsWidget as PillsOptions } from '../../types/dashboard';
import type { WidgetProps } from '../widgetProps';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Pill buttons bound to a param: an enabled pill selects only itself; a disabled pill does nothing. */
export function PillsWidget({ widget }: WidgetProps<PillsOptions>) {
  const { params, setParams, runActions } = usePageRuntime();
  const guard = widget.disableWhenEmpty;
  const guarded = useSource(guard?.data);
  const disabledValue = guard && guarded.isLoaded && guarded.rows.length === 0 ? guard.value : undefined;
  const selected = params[widget.param];

  useEffect(() => {
    if (guard && disabledValue !== undefined && same(selected, disabledValue)) {
      setParams(new Map([[widget.param, guard.fallback]]));
    }
  }, [guard, disabledValue, selected, setParams, widget.param]);

  return (
    <Button.Group data-testid={widget.id ?? `pills-${widget.param}`}>
      {widget.options.map((o) => {
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
