import { describe, expect, it } from 'vitest';
import { blockLayout } from '../../../../engine/render/blockLayout';
import type { Block, Widget } from '../../../../engine/types/dashboard';

const text = (id: string): Widget => ({ kind: 'text', id, text: id }) as Widget;
const ids = (items: { widget: Widget }[]) => items.map((i) => (i.widget as { id?: string }).id);
const all = () => true;

describe('blockLayout', () => {
  it('puts every widget in the leading group of a fill block', () => {
    const layout = blockLayout({ widgets: [text('a'), text('b')], trailing: 1 }, all);
    expect(layout.mode).toBe('fill');
    expect(ids(layout.leading)).toEqual(['a', 'b']);
    expect(layout.trailing).toEqual([]);
  });

  it("pushes a toolbar's last `trailing` widgets to the end, keeping definition indexes", () => {
    const block: Block = {
      layout: 'toolbar',
      trailing: 2,
      widgets: [text('a'), text('b'), text('c'), text('d')],
    };
    const layout = blockLayout(block, all);
    expect(layout.mode).toBe('toolbar');
    expect(ids(layout.leading)).toEqual(['a', 'b']);
    expect(ids(layout.trailing)).toEqual(['c', 'd']);
    expect(layout.trailing.map((t) => t.index)).toEqual([2, 3]);
  });

  it('leaves hidden widgets out so they take no room, counting trailing in the definition', () => {
    const block: Block = {
      layout: 'toolbar',
      trailing: 2,
      widgets: [text('a'), text('b'), text('c'), text('d')],
    };
    const layout = blockLayout(block, (w) => (w as { id?: string }).id !== 'c');
    expect(ids(layout.leading)).toEqual(['a', 'b']);
    expect(ids(layout.trailing)).toEqual(['d']);
  });

  it('is a grid when the block names columns', () => {
    const layout = blockLayout({ columns: { base: 1, sm: 2, md: 4 }, widgets: [text('a')] }, all);
    expect(layout.mode).toBe('grid');
    expect(ids(layout.leading)).toEqual(['a']);
  });
});
