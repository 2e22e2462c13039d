import { Box, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import type { AffectedPage, DefinitionProblem } from './editorApi';

interface ProblemListProps {
  problems: readonly DefinitionProblem[];
  /** Moves the editor's cursor to a problem. */
  onPick: (p: DefinitionProblem) => void;
  /** The other files the text would make fail, with their new errors. */
  affected?: readonly AffectedPage[];
}

/**
 * The located problems under the editor, one `line:column pointer message` row each; then the
 * pages the text would make fail, each with its errors as `npm run dashboards:check` prints them.
 */
export function ProblemList({ problems, onPick, affected = [] }: ProblemListProps) {
  if (!problems.length && !affected.length) return null;
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  return (
    <Paper withBorder radius="md" data-testid="editor-problems" className="dashboard-editor-problems">
      <Group px="sm" py={6} gap="xs" className="dashboard-editor-problems-head">
        <Text fz="sm" fw={600}>
          Problems
        </Text>
        <Text fz="xs" c="dimmed">
          {[
            errors && `${errors} error${errors === 1 ? '' : 's'}`,
            warnings && `${warnings} warning${warnings === 1 ? '' : 's'}`,
          ]
            .filter(Boolean)
            .join(', ')}
        </Text>
      </Group>
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {problems.map((p) => (
          <li key={`${p.line}:${p.column}:${p.pointer}:${p.message}`}>
            <UnstyledButton
              onClick={() => onPick(p)}
              className="dashboard-editor-problem"
              data-severity={p.severity}
              data-testid="editor-problem"
              title="Show in the editor"
            >
              <span className="dashboard-editor-problem-at">
                {p.line}:{p.column}
              </span>{' '}
              <span className="dashboard-editor-problem-pointer">{p.pointer || '/'}</span>{' '}
              <span>
                {p.severity === 'warning' ? 'warning: ' : ''}
                {p.message}
              </span>
            </UnstyledButton>
          </li>
        ))}
      </Box>
      {affected.length > 0 && (
        <Box data-testid="editor-affected">
          <Group px="sm" py={6} gap="xs" className="dashboard-editor-problems-head">
            <Text fz="sm" fw={600}>
              {`This edit would make ${affected.length} page${affected.length === 1 ? '' : 's'} fail`}
            </Text>
            <Text fz="xs" c="dimmed">
              Saving is refused until they work
            </Text>
          </Group>
          <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {affected.map((a) => (
              <li key={a.file} data-testid="editor-affected-page">
                <Text fz="sm" px="sm" pt={4} fw={600}>
                  {a.page ? `${a.page} (${a.file})` : a.file}
                </Text>
                {a.errors.map((p) => (
                  <Text
                    key={p.text}
                    className="dashboard-editor-problem"
                    data-severity={p.severity}
                    component="div"
                  >
                    {p.text}
                  </Text>
                ))}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
