/** One point of a chart series (SPEC.md section 3). */
export interface SeriesValue {
  category: string;
  label: string;
  value: number | null;
  percent?: number | null;
  dateTimeRange?: { start: string; end: string };
  numberOfCommunications?: number;
}

/** A chart series: group, stack, yAxis, type and its points. */
export interface Series {
  group: string;
  stack: string;
  yAxis: number;
  type: 'bar' | 'line';
  values: SeriesValue[];
}
