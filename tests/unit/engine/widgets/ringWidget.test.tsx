// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RingWidget as RingOptions } from '../../../../engine/types/dashboard';
import { RingWidget } from '../../../../engine/widgets/ring/RingWidget';
import { mountPointPerTest } from '../../../support/mountPoint';
import { stubBrowserApis } from '../../../support/stubBrowserApis';

const widget: RingOptions = {
  kind: 'ring',
  data: 'missed',
  id: 'ring-missed',
  title: 'Missed Calls',
  field: 'now',
  previousField: 'before',
  better: 'lower',
};

const mount = mountPointPerTest();

function draw(row: Record<string, unknown> | undefined) {
  mount.render(
    <MantineProvider env="test">
      <RingWidget widget={widget} source={{ rows: row ? [row] : [], isLoading: false, isLoaded: true }} />
    </MantineProvider>,
  );
}

const shown = () => mount.element.querySelector('svg text')?.textContent;
const tone = () => mount.element.querySelector('[data-testid="ring-missed"]')?.getAttribute('data-tone');
/** Lets `ms` of animation frames run. */
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeAll(() => stubBrowserApis());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ring', () => {
  it('counts up one percent per 10 ms to the rounded value', () => {
    draw({ now: 27.6, before: 30 });
    expect(shown()).toBe('0%');
    advance(100);
    expect(Number.parseInt(shown() ?? '', 10)).toBeGreaterThanOrEqual(8);
    expect(Number.parseInt(shown() ?? '', 10)).toBeLessThanOrEqual(10);
    advance(200);
    expect(shown()).toBe('28%');
    advance(500);
    expect(shown()).toBe('28%');
    expect(mount.element.textContent).toContain('Previous Period: 30%');
  });

  it('colours by the comparison: lower is better here, so a rise is negative', () => {
    draw({ now: 40, before: 30 });
    expect(tone()).toBe('negative');
    draw({ now: 20, before: 30 });
    expect(tone()).toBe('positive');
  });

  it("counts down from what it shows when the value drops, and says 'No Data' without one", () => {
    draw({ now: 50, before: 30 });
    advance(600);
    expect(shown()).toBe('50%');
    draw({ now: 45, before: 30 });
    advance(30);
    expect(Number.parseInt(shown() ?? '', 10)).toBeLessThan(50);
    advance(100);
    expect(shown()).toBe('45%');
    draw(undefined);
    expect(shown()).toBe('No Data');
  });
});
