import { Alert, Button, Group, List, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../api';
import { createSource, type DefinitionProblem, type DefinitionSource } from './editorApi';
import { copyPageText, idFromTitle, newPageNames, storageKeysOf } from './newPageFrom';
import { failureMessage } from './useSourceSave';

/** A new page's file name: also its id, so a letter first (a-z, 0-9 and - after it). */
const NEW_FILE_NAME = /^[a-z][a-z0-9-]*\.json$/;

interface NewPageDialogProps {
  opened: boolean;
  onClose: () => void;
  sources: readonly DefinitionSource[];
  /** The file offered as the page to copy. */
  from: string;
  /** Files with unsaved edits: their saved version is what is copied. */
  edited: ReadonlySet<string>;
  /** The new file was written; `served`: the server serves it after its reload. */
  onCreated: (source: DefinitionSource, served: boolean) => void;
}

/**
 * 'New page from…': copies a page into a new definition file with a fresh id, route, title, menu
 * label and storage keys, asking for the title (the file name follows it unless typed), and creates
 * the file on the server, which validates it as a save.
 */
export function NewPageDialog({ opened, onClose, sources, from, edited, onCreated }: NewPageDialogProps) {
  const [source, setSource] = useState(from);
  const [title, setTitle] = useState('');
  const [typedFile, setTypedFile] = useState<string>();
  const [failure, setFailure] = useState<{ message: string; problems?: DefinitionProblem[] }>();
  const [creating, setCreating] = useState(false);

  const suggested = idFromTitle(title);
  const file = typedFile ?? (suggested ? `${suggested}.json` : '');
  const names = newPageNames(title, file);
  const original = sources.find((s) => s.file === source);

  let problem: string | undefined;
  if (!title.trim()) problem = 'Give the new page a title.';
  else if (!NEW_FILE_NAME.test(file))
    problem =
      'The file name must be a-z, 0-9 and -, start with a letter and end in .json (it is also the page id).';
  else if (sources.some((s) => s.file === file))
    problem = `A file named ${file} already exists; choose another name.`;

  const close = () => {
    setTitle('');
    setTypedFile(undefined);
    setFailure(undefined);
    onClose();
  };

  const create = async () => {
    if (problem || !original) return;
    let text: string;
    try {
      JSON.parse(original.text);
      const taken = new Set(sources.flatMap((s) => storageKeysOf(s.text)));
      text = copyPageText(original.text, names, taken);
    } catch {
      setFailure({
        message: `${original.file} is not valid JSON on disk; fix and save it before copying it.`,
      });
      return;
    }
    setCreating(true);
    setFailure(undefined);
    try {
      const answer = await createSource(file, text);
      close();
      onCreated({ file, text, version: answer.version }, answer.served);
    } catch (err) {
      const problems =
        err instanceof ApiError
          ? (err.body as { errors?: DefinitionProblem[] } | undefined)?.errors
          : undefined;
      setFailure({ message: failureMessage(err, 'The page could not be created; try again'), problems });
    } finally {
      setCreating(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="New page from…" size="lg" data-testid="editor-new-page">
      <Stack
        gap="sm"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Select
          label="Copy of"
          data={sources.map((s) => s.file)}
          value={source}
          onChange={(v) => v && setSource(v)}
          allowDeselect={false}
          data-testid="editor-new-page-from"
          description={
            edited.has(source)
              ? `The saved version of ${source} is copied, without your unsaved edits.`
              : undefined
          }
        />
        <TextInput
          label="Title"
          placeholder="Volume by Region"
          description="The page title and its menu entry."
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          data-autofocus
          data-testid="editor-new-page-title"
        />
        <TextInput
          label="File name"
          description="Also the page id; it follows the title unless you change it."
          value={file}
          onChange={(e) => setTypedFile(e.currentTarget.value)}
          data-testid="editor-new-page-file"
        />
        {file && NEW_FILE_NAME.test(file) && (
          <Text fz="xs" c="dimmed" data-testid="editor-new-page-summary">
            Page id <b>{names.id}</b> · route <b>{names.route}</b>
            {title.trim() && (
              <>
                {' '}
                · menu entry <b>{names.title}</b>
              </>
            )}
            . Storage keys of its params are renamed after the id.
          </Text>
        )}
        {title && problem && (
          <Text fz="xs" c="red.7" data-testid="editor-new-page-problem">
            {problem}
          </Text>
        )}
        {failure && (
          <Alert
            color="red"
            variant="light"
            title="The page was not created"
            data-testid="editor-new-page-failure"
          >
            <Text size="sm">{failure.message}</Text>
            {failure.problems?.length ? (
              <List size="xs" mt={4}>
                {failure.problems.slice(0, 5).map((p) => (
                  <List.Item key={p.text}>
                    {p.line}:{p.column} {p.pointer} {p.message}
                  </List.Item>
                ))}
              </List>
            ) : null}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={Boolean(problem)}
            loading={creating}
            data-testid="editor-new-page-create"
          >
            Create page
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
