// @vitest-environment jsdom
import { act, Component, type ReactNode } from 'react';
import { expect, it, vi } from 'vitest';
import { type ImportOnce, importOnce, useImported } from '../../../../engine/widgets/importOnce';
import { mountPointPerTest } from '../../../support/mountPoint';

// Code loaded on first use (the data widgets' chunk, Vega): a placeholder until it arrives, then
// the component; a failed import reaches the error boundary.

const mount = mountPointPerTest();

/** A module whose import the test finishes (or fails) when it likes. */
function controlled<T>() {
  let settle: { resolve: (m: T) => void; reject: (e: unknown) => void } | undefined;
  let started = 0;
  const module = importOnce(() => {
    started += 1;
    return new Promise<T>((resolve, reject) => {
      settle = { resolve, reject };
    });
  });
  return { module, settle: () => settle, started: () => started };
}

function Shows({ module }: { module: ImportOnce<{ text: string }> }) {
  const loaded = useImported(module);
  return <p>{loaded ? loaded.text : 'loading'}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error?: string }> {
  override state: { error?: string } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error: String(error) };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

it('shows the placeholder, starts the import once, and draws the module when it arrives', async () => {
  const c = controlled<{ text: string }>();
  await act(async () => {
    mount.render(
      <>
        <Shows module={c.module} />
        <Shows module={c.module} />
      </>,
    );
  });
  expect(mount.element.textContent).toBe('loadingloading');
  expect(c.started()).toBe(1);
  await act(async () => c.settle()?.resolve({ text: 'here' }));
  expect(mount.element.textContent).toBe('herehere');
});

it('draws a module that arrived earlier at once, without a placeholder', async () => {
  const module = importOnce(async () => ({ text: 'cached' }));
  await module.load();
  await act(async () => {
    mount.render(<Shows module={module} />);
  });
  expect(mount.element.textContent).toBe('cached');
});

it('throws a failed import to the nearest error boundary', async () => {
  const c = controlled<{ text: string }>();
  await act(async () => {
    mount.render(
      <Boundary>
        <Shows module={c.module} />
      </Boundary>,
    );
  });
  // React reports an error a boundary caught on the console; here it is the expected one.
  const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
  let said: unknown[];
  try {
    await act(async () => c.settle()?.reject(new Error('chunk missing')));
  } finally {
    said = reported.mock.calls.flat();
    reported.mockRestore();
  }
  expect(mount.element.textContent).toBe('failed: Error: chunk missing');
  expect(said.some((arg) => String(arg).includes('chunk missing'))).toBe(true);
});
