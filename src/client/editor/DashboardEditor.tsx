import { Alert, Badge, Button, Grid, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../api';
import { ALL_FILTER_BAR_FLAGS, useFilterBarFlags } from '../filter/filterBarConfig';
import { EditorPreview } from './EditorPreview';
import {
  type DefinitionProblem,
  type DefinitionSource,
  fetchEditorSettings,
  fetchSources,
  saveSource,
} from './editorApi';
import { JsonEditor, type JsonEditorHandle } from './JsonEditor';
import { ProblemList } from './ProblemList';
import { useDefinitionCheck } from './useDefinitionCheck';
import './editor.css';

const SOURCES_KEY = ['dashboard-editor', 'sources'];

/** A short stable fingerprint of a value, to key the preview on each new valid definition. */
function fingerprint(value: unknown): string {
  const s = JSON.stringify(value) ?? '';
  let h = 5381;
  for (let i = 0; i < s.length; i++) h = ((h << 5) + h + s.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

function download(file: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'failed'; message: string };

/**
 * The live definition editor at /dashboard/editor: pick a definition file, edit its JSON with
 * schema-aware completion, see every located error as you type and the page drawn with real data
 * beside it; download the text, or save it when the server allows (DASHBOARDS_WRITABLE=1).
 */
export default function DashboardEditor() {
  const queryClient = useQueryClient();
  const sources = useQuery({
    queryKey: SOURCES_KEY,
    queryFn: fetchSources,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const settings = useQuery({ queryKey: ['dashboard-editor', 'settings'], queryFn: fetchEditorSettings });
  const [params, setParams] = useSearchParams();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  // Bumped to load the saved text into the editor again (Revert).
  const [revision, setRevision] = useState(0);
  const editor = useRef<JsonEditorHandle>(null);

  const files = sources.data ?? [];
  const wanted = params.get('file');
  const source: DefinitionSource | undefined =
    files.find((s) => s.file === wanted) ?? files.find((s) => s.file === 'home.json') ?? files[0];
  const file = source?.file;
  const text = file ? (drafts[file] ?? source.text) : undefined;
  const dirty = Boolean(source && text !== source.text);

  const check = useDefinitionCheck(file, text);
  const problems: DefinitionProblem[] = check.result?.errors ?? [];
  const errorCount = problems.filter((p) => p.severity === 'error').length;
  const hasErrors = !check.pending && errorCount > 0;
  const preview = check.lastGood;
  const version = useMemo(() => `${file}:${fingerprint(preview)}`, [file, preview]);
  useFilterBarFlags(preview?.filterBar ?? ALL_FILTER_BAR_FLAGS);

  const pick = (next: string | null) => {
    if (!next) return;
    setSave({ kind: 'idle' });
    setParams({ file: next }, { replace: true });
  };

  const onSave = async () => {
    if (!file || text === undefined) return;
    setSave({ kind: 'saving' });
    try {
      await saveSource(file, text);
      queryClient.setQueryData<DefinitionSource[]>(SOURCES_KEY, (list) =>
        list?.map((s) => (s.file === file ? { file, text } : s)),
      );
      setDrafts(({ [file]: _saved, ...rest }) => rest);
      // The menu and the pages follow the saved definition.
      void queryClient.invalidateQueries({ queryKey: ['dashboards'] });
      setSave({ kind: 'saved', at: new Date() });
    } catch (err) {
      const message =
        err instanceof ApiError && typeof (err.body as { message?: unknown })?.message === 'string'
          ? (err.body as { message: string }).message
          : 'The file could not be saved; try again';
      setSave({ kind: 'failed', message });
    }
  };

  if (sources.isLoading) {
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  }
  if (sources.error || !source || !file || text === undefined) {
    return (
      <Alert color="red" title="The definitions could not be loaded">
        <Text size="sm">
          {sources.error instanceof ApiError && sources.error.status === 403
            ? 'The dashboard editor is for analysts with the editor permission.'
            : 'Reload the page to try again.'}
        </Text>
      </Alert>
    );
  }

  let status: React.ReactNode;
  if (check.pending)
    status = (
      <Badge color="gray" variant="light" leftSection={<Loader size={10} color="gray" />}>
        Checking
      </Badge>
    );
  else if (check.failure)
    status = (
      <Badge color="red" variant="light">
        Not checked
      </Badge>
    );
  else if (errorCount)
    status = <Badge color="red" variant="light">{`${errorCount} error${errorCount === 1 ? '' : 's'}`}</Badge>;
  else if (problems.length)
    status = (
      <Badge color="yellow" variant="light">
        Valid, with warnings
      </Badge>
    );
  else
    status = (
      <Badge color="teal" variant="light">
        Valid
      </Badge>
    );

  const writable = settings.data?.writable === true;
  return (
    <Stack gap="md" data-testid="dashboard-editor" className="dashboard-editor">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2}>Dashboard editor</Title>
          <Text fz="sm" c="dimmed">
            Edit a page definition; errors are checked as you type and the preview uses real data.
          </Text>
        </div>
      </Group>
      <Paper withBorder radius="md" px="md" py="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="nowrap" className="dashboard-editor-picker">
            <Select
              aria-label="Page definition"
              data-testid="editor-file"
              data={files.map((s) => ({
                value: s.file,
                label: drafts[s.file] !== undefined && drafts[s.file] !== s.text ? `${s.file} •` : s.file,
              }))}
              value={file}
              onChange={pick}
              allowDeselect={false}
              checkIconPosition="right"
              w={260}
              maw="100%"
            />
            <span
              data-testid="editor-status"
              data-state={check.pending ? 'checking' : errorCount ? 'errors' : 'valid'}
            >
              {status}
            </span>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {settings.data && !writable && (
              <Text fz="xs" c="dimmed" visibleFrom="sm" data-testid="editor-readonly">
                Saving is turned off on this server
              </Text>
            )}
            {dirty && (
              <Button
                variant="subtle"
                color="gray"
                onClick={() => {
                  setDrafts(({ [file]: _dropped, ...rest }) => rest);
                  setRevision((r) => r + 1);
                }}
                data-testid="editor-revert"
              >
                Revert
              </Button>
            )}
            <Button variant="default" onClick={() => download(file, text)} data-testid="editor-download">
              Download
            </Button>
            {writable && (
              <Button
                onClick={onSave}
                loading={save.kind === 'saving'}
                disabled={!dirty || check.pending || hasErrors}
                data-testid="editor-save"
              >
                Save
              </Button>
            )}
          </Group>
        </Group>
        {save.kind === 'saved' && !dirty && (
          <Text fz="xs" c="teal.7" mt={6} data-testid="editor-saved">
            Saved {file} at {save.at.toLocaleTimeString()}; the dashboards serve it now.
          </Text>
        )}
        {save.kind === 'failed' && (
          <Text fz="xs" c="red.7" mt={6} role="alert">
            {save.message}
          </Text>
        )}
        {check.failure && (
          <Text fz="xs" c="red.7" mt={6} role="alert">
            {check.failure}
          </Text>
        )}
      </Paper>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="sm">
            <Paper withBorder radius="md" className="dashboard-editor-pane">
              <Group px="md" py="xs" justify="space-between" className="dashboard-editor-pane-head">
                <Text fz="sm" fw={600}>
                  {file}
                  {dirty && (
                    <Text span fz="xs" c="dimmed" fw={400} ml={6}>
                      edited
                    </Text>
                  )}
                </Text>
                <Text fz="xs" c="dimmed" visibleFrom="xs">
                  Ctrl+Space completes
                </Text>
              </Group>
              <JsonEditor
                key={`${file}:${revision}`}
                ref={editor}
                initialText={text}
                label={`${file} definition`}
                problems={problems}
                onChange={(next) => setDrafts((d) => ({ ...d, [file]: next }))}
              />
            </Paper>
            <ProblemList problems={problems} onPick={(p) => editor.current?.focusAt(p.line, p.column)} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <EditorPreview
            definition={preview}
            version={version}
            stale={hasErrors || Boolean(check.failure)}
            waiting={!check.result}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
