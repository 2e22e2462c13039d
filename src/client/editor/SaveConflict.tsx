import { Alert, Box, Button, Group, Paper, Text } from '@mantine/core';
import { useMemo } from 'react';
import { diffHunks, lineDiff } from '../../shared/lineDiff';
import { threeWayMerge } from '../../shared/lineMerge';
import type { DiskVersion } from './useSourceSave';

interface SaveConflictProps {
  file: string;
  /** The text the editor loaded, which both edits started from. */
  base: string;
  /** The text in the editor. */
  mine: string;
  /** The file as it is on disk now. */
  disk: DiskVersion;
  /** Saves the editor's text over the disk version. */
  onKeepMine: () => void;
  /** Loads the disk version into the editor, dropping the edits. */
  onTakeDisk: () => void;
}

/** Lines of one side of an overlapping edit, numbered from `first`. */
function Side({ title, lines, testId }: { title: string; lines: string[]; testId: string }) {
  return (
    <Box className="dashboard-editor-conflict-side" data-testid={testId}>
      <Text fz="xs" fw={600} px="sm" py={4}>
        {title}
      </Text>
      {lines.length === 0 && (
        <Text fz="xs" c="dimmed" px="sm">
          (lines removed)
        </Text>
      )}
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a fixed text, in order
        <div key={i} className="dashboard-editor-diff-line" data-kind="same">
          <span className="dashboard-editor-diff-text">{line}</span>
        </div>
      ))}
    </Box>
  );
}

/**
 * Shown when a save finds the file changed on disk since the editor loaded it and the two edits
 * change the same lines (edits of different lines are merged by the server): each place where they
 * overlap, with your lines and the disk's side by side, and the two ways out. Without a place to
 * show (the texts differ only where the server could not merge), the line diff of the two versions.
 */
export function SaveConflict({ file, base, mine, disk, onKeepMine, onTakeDisk }: SaveConflictProps) {
  const conflicts = useMemo(() => {
    const merge = threeWayMerge(base, mine, disk.text);
    return merge.merged ? [] : merge.conflicts;
  }, [base, mine, disk.text]);
  const hunks = useMemo(
    () => (conflicts.length ? [] : diffHunks(lineDiff(disk.text, mine))),
    [conflicts.length, disk.text, mine],
  );
  return (
    <Paper withBorder radius="md" className="dashboard-editor-conflict" data-testid="editor-conflict">
      <Alert color="orange" variant="light" radius={0} title="This file changed on disk since you opened it">
        <Text size="sm">
          Nothing was saved. {file} was saved by someone else (or changed by hand) after you opened it, and
          those edits change the same lines as yours. Compare the two sides below, then keep yours, which
          replaces the version on disk, or take the disk version, which drops your edits.
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
      {conflicts.length > 0 && (
        <Box className="dashboard-editor-diff" data-testid="editor-conflict-sides">
          {conflicts.map((c) => (
            <div key={c.baseLine} className="dashboard-editor-diff-hunk" data-testid="editor-conflict-place">
              <Text fz="xs" c="dimmed" px="sm" pt={6}>
                Line {c.baseLine} of the version you opened
              </Text>
              <div className="dashboard-editor-conflict-sides">
                <Side title="Yours" lines={c.mine} testId="editor-conflict-mine" />
                <Side title="On disk now" lines={c.theirs} testId="editor-conflict-theirs" />
              </div>
            </div>
          ))}
        </Box>
      )}
      {conflicts.length === 0 && (
        <>
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
              <div
                key={`${hunk.lines[0].before}:${hunk.lines[0].after}`}
                className="dashboard-editor-diff-hunk"
              >
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
        </>
      )}
    </Paper>
  );
}
