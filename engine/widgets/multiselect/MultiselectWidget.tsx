import { useSource } from '../../data/useSource';
import { resolvedList, resolvedObject } from '../../definitions/normalizedPage';
import { usePageRuntime } from '../../render/pageRuntime';
import type { MultiselectWidget as MultiselectOptions } from '../../types/dashboard';
import type { WidgetProps } from '../widgetProps';
import { MultiSelect } from './MultiSelect';

/**
 * The shared MultiSelect bound to a list param; its options read from a source's rows (labels
 * mapped through `optionsFrom.labels`), then those written in the definition.
 */
export function MultiselectWidget({ widget }: WidgetProps<MultiselectOptions>) {
  const { params, setParams, runActions } = usePageRuntime();
  const from = widget.optionsFrom;
  const fromRows = useSource(from?.data);
  const labels = resolvedObject(from?.labels);
  const written = resolvedList(widget.options).map((o) => ({
    value: o.value as string | number,
    label: o.label,
    inactive: o.inactive,
  }));
  // Read choices first (shown labels mapped), then the written ones.
  const options = from
    ? [
        ...fromRows.rows.map((r) => {
          const raw = String(r[from.labelField]);
          return { value: r[from.valueField] as string | number, label: String(labels?.[raw] ?? raw) };
        }),
        ...written,
      ]
    : written;
  const value = Array.isArray(params[widget.param]) ? (params[widget.param] as (string | number)[]) : [];
  const set = (next: (string | number)[]) => {
    setParams(new Map([[widget.param, next]]));
    runActions(widget.on?.change, { value: next });
  };
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
