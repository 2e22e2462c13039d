import { Alert, Button, Grid, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { saveFile } from '../../../engine';
import { ApiError } from '../api';
import { ALL_FILTER_BAR_FLAGS, useFilterBarFlags } from '../filter/filterBarConfig';
import { CheckStatus } from './CheckStatus';
import { definitionSetOf } from './definitionSet';
import { EditorPreview } from './EditorPreview';
import {
  type DefinitionProblem,
  type DefinitionSource,
  fetchEditorSettings,
  fetchSources,
  SOURCES_QUERY_KEY,
} from './editorApi';
import { JsonEditor, type JsonEditorHandle } from './JsonEditor';
import { NewPageDialog } from './NewPageDialog';
import { ProblemList } from './ProblemList';
import { SaveConflict } from './SaveConflict';
import { useDefinitionCheck } from './useDefinitionCheck';
import { useSourceSave } from './useSourceSave';
import './editor.css';

/** A short stable fingerprint of a value, to key the preview on each new valid definition. */
function fingerprint(value: unknown): string {
  const s = JSON.stringify(value) ?? '';
  let h = 5381;
  for (let i = 0; i < s.length; i++) h = ((h << 5) + h + s.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

/**
 * The live definition editor at /dashboard/editor: pick a definition file, edit its JSON with
 * completion (schema members and values, the page's sources and params, endpoints and row fields,
 * Vega-Lite in chart specs), see every located error as you type and the page drawn with real data
 * beside it; download the text, or, when the server allows (DASHBOARDS_WRITABLE=1), save it (never
 * over a version changed on disk since it was opened) or start a new page from a copy of one.
 */
export default function DashboardEditor() {
  const queryClient = useQueryClient();
  // Fetched once: each file's version is the one its edits start from (a save sends it back).
  const sources = useQuery({
    queryKey: SOURCES_QUERY_KEY,
    queryFn: fetchSources,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const settings = useQuery({ queryKey: ['dashboard-editor', 'settings'], queryFn: fetchEditorSettings });
  const [params, setParams] = useSearchParams();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  // Bumped to load the saved text into the editor again (Revert, taking the disk version).
  const [revision, setRevision] = useState(0);
  const [newPage, setNewPage] = useState(false);
  const [created, setCreated] = useState<{ file: string; served: boolean }>();
  const editor = useRef<JsonEditorHandle>(null);
  const saving = useSourceSave({
    dropDraft: (saved) => setDrafts(({ [saved]: _saved, ...rest }) => rest),
    reload: () => setRevision((r) => r + 1),
  });
  const save = saving.state;

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
  const affected = check.result?.affected ?? [];
  const hasErrors = !check.pending && (errorCount > 0 || affected.length > 0);
  const preview = check.lastGood;
  const version = useMemo(() => `${file}:${fingerprint(preview)}`, [file, preview]);
  useFilterBarFlags(preview?.filterBar ?? ALL_FILTER_BAR_FLAGS);

  const pick = (next: string | null) => {
    if (!next) return;
    saving.reset();
    setCreated(undefined);
    setParams({ file: next }, { replace: true });
  };

  const onSave = () => {
    if (source && text !== undefined) void saving.save(source.file, text, source);
  };

  /** A new file was created: listed and opened here, and in the menu once the pages reload. */
  const onCreated = (made: DefinitionSource, served: boolean) => {
    queryClient.setQueryData<DefinitionSource[]>(SOURCES_QUERY_KEY, (list) =>
      [...(list ?? []), made].sort((a, b) => a.file.localeCompare(b.file)),
    );
    void queryClient.invalidateQueries({ queryKey: ['dashboards'] });
    pick(made.file);
    setCreated({ file: made.file, served });
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

  const edited = new Set(files.filter((s) => (drafts[s.file] ?? s.text) !== s.text).map((s) => s.file));
  // Completion reads the other files as the editor holds them (their unsaved edits included).
  const definitions = () =>
    definitionSetOf(files.map((s) => ({ file: s.file, text: drafts[s.file] ?? s.text })));
  const writable = settings.data?.writable === true;
  return (
    <Stack gap="md" data-testid="dashboard-editor" className="dashboard-editor">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Dashboard editor
          </Title>
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
                label: edited.has(s.file) ? `${s.file} •` : s.file,
              }))}
              value={file}
              onChange={pick}
              allowDeselect={false}
              checkIconPosition="right"
              w={260}
              maw="100%"
            />
            <CheckStatus
              pending={check.pending}
              failed={Boolean(check.failure)}
              errors={errorCount}
              warnings={problems.length - errorCount}
              breaks={affected.length}
            />
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
            <Button
              variant="default"
              onClick={() => saveFile(new Blob([text], { type: 'application/json' }), file)}
              data-testid="editor-download"
            >
              Download
            </Button>
            {writable && (
              <Button variant="default" onClick={() => setNewPage(true)} data-testid="editor-new-page-open">
                New page from…
              </Button>
            )}
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
        {save.kind === 'saved' && !dirty && save.served && (
          <Text fz="xs" c="teal.7" mt={6} data-testid="editor-saved">
            Saved {file} at {save.at.toLocaleTimeString()}
            {save.merged ? ', merged with the edits saved since you opened it' : ''}; the dashboards serve it
            now.
          </Text>
        )}
        {save.kind === 'saved' && !dirty && !save.served && (
          <Text fz="xs" c="red.7" mt={6} role="alert" data-testid="editor-saved">
            Saved {file} at {save.at.toLocaleTimeString()}, but the server refused it on reload and serves the
            previous version; the server log names the errors.
          </Text>
        )}
        {created?.file === file && !dirty && save.kind === 'idle' && (
          <Text fz="xs" c={created.served ? 'teal.7' : 'red.7'} mt={6} data-testid="editor-created">
            {created.served
              ? `Created ${file}; it is served now and listed in the menu.`
              : `Created ${file}, but the server refused it on reload; the server log names the errors.`}
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
      {save.kind === 'conflict' && save.file === file && (
        <SaveConflict
          file={file}
          base={save.base}
          mine={text}
          disk={save.disk}
          onKeepMine={() => void saving.save(file, text, save.disk)}
          onTakeDisk={() => saving.takeDisk(file, save.disk)}
        />
      )}
      {newPage && (
        <NewPageDialog
          opened
          onClose={() => setNewPage(false)}
          sources={files}
          from={file}
          edited={edited}
          onCreated={onCreated}
        />
      )}
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
                definitions={definitions}
                onChange={(next) => setDrafts((d) => ({ ...d, [file]: next }))}
              />
            </Paper>
            <ProblemList
              problems={problems}
              affected={affected}
              onPick={(p) => editor.current?.focusAt(p.line, p.column)}
            />
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
