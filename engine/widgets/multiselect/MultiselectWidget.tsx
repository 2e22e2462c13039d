import { useSource } from '../../data/useSource';
import { resolvedList } from '../../definitions/normalizedPage';
import { usePageRuntime } from '../../render/pageRuntime';
import type { MultiselectWidget as MultiselectOptions } from '../../types/dashboard';
import type { WidgetProps } from '../widgetProps';
import { MultiSelect } from './MultiSelect';

/** The shared MultiSelect bound to a list param; options written in the definition or read from rows. */
export function MultiselectWidget({ widget }: WidgetProps<MultiselectOptions>) {
  const { params, setParams, runActions } = usePageRuntime();
  const from = widget.optionsFrom;
  const fromRows = useSource(from?.data);
  const options = from
    ? fromRows.rows.map((r) => ({
        value: r[from.valueField] as string | number,
        label: String(r[from.labelField]),
      }))
    : resolvedList(widget.options).map((o) => ({
        value: o.value as string | number,
        label: o.label,
        inactive: o.inactive,
      }));
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
