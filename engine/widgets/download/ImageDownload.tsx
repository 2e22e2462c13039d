import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { View } from 'vega';
import { usePageRuntime } from '../../render/pageRuntime';
import { downloadName } from './downloadName';
import { saveFile } from './saveFile';

/** What the download says when Vega could not draw the image. */
export const DOWNLOAD_FAILED = 'The download failed. Please try again.';

interface ImageDownloadProps {
  /** The embedded Vega view, once drawn. */
  view: View | null;
  /** What the file is named after besides the page and the period: the panel's title, the widget's. */
  titles: readonly (string | undefined)[];
  /** What screen readers call the image: 'chart' in 'Download chart as PNG'. */
  noun: string;
}

/**
 * 'PNG' and 'SVG' buttons that save the drawn view with Vega's own export (PNG at twice the
 * size, for sharp slides), named '<page> - <title> - <period>.png|svg' as a table's CSV is.
 */
export function ImageDownload({ view, titles, noun }: ImageDownloadProps) {
  const { definition, host } = usePageRuntime();
  const [failed, setFailed] = useState(false);
  async function save(format: 'png' | 'svg') {
    if (!view) return;
    setFailed(false);
    try {
      const url = await view.toImageURL(format, format === 'png' ? 2 : 1);
      saveFile(url, downloadName(definition, host.appliedFilter, titles, format));
    } catch {
      setFailed(true);
    }
  }
  return (
    <Group justify="flex-end" gap={4} data-testid="image-download">
      {failed && (
        <Text size="xs" c="red.8" role="alert">
          {DOWNLOAD_FAILED}
        </Text>
      )}
      {(['png', 'svg'] as const).map((format) => (
        <Button
          key={format}
          variant="subtle"
          color="gray"
          size="compact-xs"
          disabled={!view}
          aria-label={`Download ${noun} as ${format.toUpperCase()}`}
          title={`Download ${noun} as ${format.toUpperCase()}`}
          onClick={() => void save(format)}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
