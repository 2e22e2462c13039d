import { Select } from '@mantine/core';
import { resolvedList } from '../../definitions/normalizedPage';
import { CLOSED_UNMOUNTED } from '../../render/comboboxProps';
import { usePageRuntime } from '../../render/pageRuntime';
import { ChevronDownIcon } from '../../render/strokeIcons';
import type { SelectWidget as SelectOptions } from '../../types/dashboard';
import type { WidgetProps } from '../widgetProps';

/** A single-choice dropdown bound to a param. */
export function SelectWidget({ widget }: WidgetProps<SelectOptions>) {
  const { params, setParams, runActions } = usePageRuntime();
  const keyOf = (v: unknown) => JSON.stringify(v);
  const options = resolvedList(widget.options);
  const current = options.find((o) => keyOf(o.value) === keyOf(params[widget.param]));
  return (
    <Select
      label={widget.label}
      data={options.map((o) => ({ value: keyOf(o.value), label: o.label }))}
      value={current ? keyOf(current.value) : null}
      allowDeselect={false}
      comboboxProps={CLOSED_UNMOUNTED}
      // The shared MultiSelect's width and chevron, so a toolbar of both looks like one set.
      w={220}
      maw="100%"
      rightSection={<ChevronDownIcon size={16} />}
      rightSectionPointerEvents="none"
      onChange={(v) => {
        const option = options.find((o) => keyOf(o.value) === v);
        if (!option) return;
        setParams(new Map([[widget.param, option.value]]));
        runActions(widget.on?.change, { value: option.value });
      }}
    />
  );
}
