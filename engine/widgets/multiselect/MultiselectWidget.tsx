import { useMemo } from 'react';
import { useSource } from '../../data/useSource';
import { resolvedList, resolvedObject } from '../../definitions/normalizedPage';
import { usePageRuntime } from '../../render/pageRuntime';
import { useLatestCallback } from '../../render/useLatestCallback';
import type { MultiselectWidget as MultiselectOptions } from '../../types/dashboard';
import type { WidgetProps } from '../widgetProps';
import { MultiSelect } from './MultiSelect';

const NONE: readonly (string | number)[] = [];

/**
 * The shared MultiSelect bound to a list param; its options read from a source's rows (labels
 * mapped through `optionsFrom.labels`), then those written in the definition. The options, the
 * value and the callbacks keep their identity while unchanged, so the control is drawn again only
 * when what it shows changes.
 */
export function MultiselectWidget({ widget }: WidgetProps<MultiselectOptions>) {
  const { params, setParams, runActions } = usePageRuntime();
  const from = widget.optionsFrom;
  const { rows } = useSource(from?.data);
  const options = useMemo(() => {
    const labels = resolvedObject(from?.labels);
    const written = resolvedList(widget.options).map((o) => ({
      value: o.value as string | number,
      label: o.label,
      inactive: o.inactive,
    }));
    if (!from) return written;
    // Read choices first (shown labels mapped), then the written ones.
    return [
      ...rows.map((r) => {
        const raw = String(r[from.labelField]);
        return { value: r[from.valueField] as string | number, label: String(labels?.[raw] ?? raw) };
      }),
      ...written,
    ];
  }, [from, rows, widget.options]);
  const param = params[widget.param];
  const value = Array.isArray(param) ? (param as (string | number)[]) : NONE;
  const set = useLatestCallback((next: (string | number)[]) => {
    setParams(new Map([[widget.param, next]]));
    runActions(widget.on?.change, { value: next });
  });
  return (
    <MultiSelect
      label={widget.label ?? widget.param}
      options={options}
      value={value}
      searchable={widget.search !== false}
      withApply={widget.apply === true}
      onChange={widget.apply ? undefined : set}
      onApply={widget.apply ? set : undefined}
      data-testid={widget.id ?? `multiselect-${widget.param}`}
    />
  );
}
