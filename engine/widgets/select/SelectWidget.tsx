import { Select } from '@mantine/core';
import { memo, useMemo } from 'react';
import { resolvedList } from '../../definitions/normalizedPage';
import { CLOSED_UNMOUNTED } from '../../render/comboboxProps';
import { usePageRuntime } from '../../render/pageRuntime';
import { ChevronDownIcon } from '../../render/strokeIcons';
import { useLatestCallback } from '../../render/useLatestCallback';
import type { SelectWidget as SelectOptions } from '../../types/dashboard';
import type { WidgetProps } from '../widgetProps';

const keyOf = (v: unknown) => JSON.stringify(v);

interface SelectControlProps {
  label: string | undefined;
  data: readonly { value: string; label: string }[];
  value: string | null;
  onPick: (key: string | null) => void;
}

/**
 * Mantine's Select (about twenty components), drawn again only when what it shows changes: every
 * change of any param renders the page's widgets again, and most of them leave this one as it was.
 */
const SelectControl = memo(function SelectControl({ label, data, value, onPick }: SelectControlProps) {
  return (
    <Select
      label={label}
      data={data}
      value={value}
      allowDeselect={false}
      comboboxProps={CLOSED_UNMOUNTED}
      // The shared MultiSelect's width and chevron, so a toolbar of both looks like one set.
      w={220}
      maw="100%"
      rightSection={<ChevronDownIcon size={16} />}
      rightSectionPointerEvents="none"
      onChange={onPick}
    />
  );
});

/** A single-choice dropdown bound to a param. */
export function SelectWidget({ widget }: WidgetProps<SelectOptions>) {
  const { params, setParams, runActions } = usePageRuntime();
  const options = resolvedList(widget.options);
  const data = useMemo(
    () => resolvedList(widget.options).map((o) => ({ value: keyOf(o.value), label: o.label })),
    [widget.options],
  );
  const current = options.find((o) => keyOf(o.value) === keyOf(params[widget.param]));
  const onPick = useLatestCallback((key: string | null) => {
    const option = options.find((o) => keyOf(o.value) === key);
    if (!option) return;
    setParams(new Map([[widget.param, option.value]]));
    runActions(widget.on?.change, { value: option.value });
  });
  return (
    <SelectControl
      label={widget.label}
      data={data}
      value={current ? keyOf(current.value) : null}
      onPick={onPick}
    />
  );
}
