import { describe, expect, it } from 'vitest';
import { downloadName } from '../../../../engine/widgets/download/downloadName';

const filter = { periodLabel: 'Last 30 Days', startDate: '2026-10-22', endDate: '2026-11-20' };

describe('downloadName', () => {
  it('names page, panel, widget and period', () => {
    expect(
      downloadName(
        { title: 'Calls', filterBar: { isPeriodVisible: true } },
        filter,
        ['Details', 'Type'],
        'png',
      ),
    ).toBe('Calls - Details - Type - Last 30 Days 2026-10-22 to 2026-11-20.png');
  });

  it('gives two widgets of one panel two names', () => {
    const page = { title: 'Calls', filterBar: { isPeriodVisible: true } };
    expect(downloadName(page, filter, ['Details', 'Left'], 'png')).not.toBe(
      downloadName(page, filter, ['Details', 'Right'], 'png'),
    );
  });

  it('says a title once, and leaves out a missing one', () => {
    expect(downloadName({ title: 'Calls' }, filter, ['Trend', 'Trend', undefined], 'svg')).toBe(
      'Calls - Trend - Last 30 Days 2026-10-22 to 2026-11-20.svg',
    );
  });

  it('leaves the period out on a page whose filter bar shows none', () => {
    expect(
      downloadName({ title: 'Open items', filterBar: { isPeriodVisible: false } }, filter, ['By'], 'csv'),
    ).toBe('Open items - By.csv');
  });
});
