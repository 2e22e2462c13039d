import { Alert, Box, Button, Group, Paper, Text } from '@mantine/core';
import { useMemo } from 'react';
import { diffHunks, lineDiff } from './lineDiff';
import type { DiskVersion } from './useSourceSave';

interface SaveConflictProps {
  file: string;
  /** The text in the editor. */
  mine: string;
  /** The file as it is on disk now. */
  disk: DiskVersion;
  /** Saves the editor's text over the disk version. */
  onKeepMine: () => void;
  /** Loads the disk version into the editor, dropping the edits. */
  onTakeDisk: () => void;
}

/**
 * Shown instead of overwriting when a save finds the file changed on disk since the editor loaded
 * it: what differs between the disk version and the user's, and the two ways out.
 */
export function SaveConflict({ file, mine, disk, onKeepMine, onTakeDisk }: SaveConflictProps) {
  const hunks = useMemo(() => diffHunks(lineDiff(disk.text, mine)), [disk.text, mine]);
  return (
    <Paper withBorder radius="md" className="dashboard-editor-conflict" data-testid="editor-conflict">
      <Alert color="orange" variant="light" radius={0} title="This file changed on disk since you opened it">
        <Text size="sm">
          Nothing was saved. {file} was saved by someone else (or changed by hand) after you opened it.
          Compare the two versions below, then keep yours, which replaces the version on disk, or take the
          disk version, which drops your edits.
        </Text>
        <Group gap="xs" mt="sm">
          <Button size="xs" color="orange" onClick={onKeepMine} data-testid="editor-conflict-keep">
            Keep my version and save
          </Button>
          <Button size="xs" variant="default" onClick={onTakeDisk} data-testid="editor-conflict-take">
            Take the disk version
          </Button>
        </Group>
      </Alert>
      <Group px="sm" py={6} gap="md" className="dashboard-editor-conflict-legend">
        <Text fz="xs" fw={600}>
          Differences
        </Text>
        <Text fz="xs" className="dashboard-editor-diff-line" data-kind="removed" component="span">
          − only on disk
        </Text>
        <Text fz="xs" className="dashboard-editor-diff-line" data-kind="added" component="span">
          + only in your version
        </Text>
      </Group>
      <Box className="dashboard-editor-diff" data-testid="editor-conflict-diff">
        {hunks.length === 0 && (
          <Text fz="xs" c="dimmed" p="sm">
            Your text is the same as the disk version.
          </Text>
        )}
        {hunks.map((hunk) => (
          <div key={`${hunk.lines[0].before}:${hunk.lines[0].after}`} className="dashboard-editor-diff-hunk">
            {hunk.lines.map((line) => (
              <div
                key={`${line.kind}:${line.before}:${line.after}`}
                className="dashboard-editor-diff-line"
                data-kind={line.kind}
              >
                <span className="dashboard-editor-diff-number">{line.before ?? ''}</span>
                <span className="dashboard-editor-diff-number">{line.after ?? ''}</span>
                <span className="dashboard-editor-diff-sign">
                  {line.kind === 'removed' ? '−' : line.kind === 'added' ? '+' : ' '}
                </span>
                <span className="dashboard-editor-diff-text">{line.text}</span>
              </div>
            ))}
          </div>
        ))}
      </Box>
    </Paper>
  );
}
