import type { ComponentType } from 'react';
import type { SourceResult } from '../data/useSource';
import type { Widget } from '../types/dashboard';

/** Every widget kind the schema declares. */
export type WidgetKind = Widget['kind'];

/** What a widget component receives: its normalized options and its data source's rows. */
export interface WidgetProps<W extends Widget = Widget> {
  widget: W;
  source: SourceResult;
}

/** The component of one kind. */
export type WidgetComponent<K extends WidgetKind> = ComponentType<WidgetProps<Extract<Widget, { kind: K }>>>;
