import type { Block, Widget } from '../types/dashboard';

/** A block's visible widgets, each with its index in the definition, split for layout. */
export interface BlockLayout {
  /** 'grid' when the block names columns, else its layout ('fill' by default). */
  mode: 'fill' | 'toolbar' | 'grid';
  /** Widgets at the start of the row (all of them outside a toolbar). */
  leading: { widget: Widget; index: number }[];
  /** Toolbar widgets pushed to the end of the row. */
  trailing: { widget: Widget; index: number }[];
}

/**
 * Splits a block's widgets for layout. Hidden widgets (their `when` is false) are left out so
 * they take no room; a toolbar's last `trailing` widgets, counted in the definition, go to the end.
 */
export function blockLayout(block: Block, isVisible: (widget: Widget) => boolean): BlockLayout {
  const mode = block.columns ? 'grid' : (block.layout ?? 'fill');
  const firstTrailing = mode === 'toolbar' ? block.widgets.length - (block.trailing ?? 0) : Infinity;
  const leading: BlockLayout['leading'] = [];
  const trailing: BlockLayout['trailing'] = [];
  block.widgets.forEach((widget, index) => {
    if (!isVisible(widget)) return;
    (index >= firstTrailing ? trailing : leading).push({ widget, index });
  });
  return { mode, leading, trailing };
}
