import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DefinitionSource, SaveConflict } from '../../shared/api/types';
import { ApiError } from '../api';
import { SOURCES_QUERY_KEY, saveSource } from './editorApi';

/** The file as it is on disk when a save found it changed since the editor loaded it (the 409's `current`). */
export type DiskVersion = NonNullable<SaveConflict['current']>;

/** The version of a file an edit started from: its version id and its text. */
export type BaseVersion = Pick<DefinitionSource, 'text' | 'version'>;

/** Where the last save of the open file stands. */
export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  /** `served`: the server serves the saved text; `merged`: the edits on disk were merged in. */
  | { kind: 'saved'; at: Date; served: boolean; merged: boolean }
  | { kind: 'failed'; message: string }
  /** The edits on disk change the lines the user's do: `base` is the text both started from. */
  | { kind: 'conflict'; file: string; disk: DiskVersion; base: string };

interface SourceSaveOptions {
  /** Forgets the edited text of a file (its saved text is now the editor's). */
  dropDraft: (file: string) => void;
  /** Loads the saved text into the editor again. */
  reload: () => void;
}

/** The message of a failed call: the server's sentence when it gave one. */
export function failureMessage(err: unknown, otherwise: string): string {
  const message =
    err instanceof ApiError ? (err.body as { message?: unknown } | undefined)?.message : undefined;
  return typeof message === 'string' ? message : otherwise;
}

/**
 * Saves the open file with the version (id and text) it was edited from. When the file changed on
 * disk since, the server merges edits of different lines and writes the merge, which the editor
 * then loads; when both changed the same lines it writes nothing and the state holds the disk
 * version, for the user to choose: keep theirs (`save` again from the disk version, overwriting
 * it) or `takeDisk` (load it instead).
 */
export function useSourceSave({ dropDraft, reload }: SourceSaveOptions) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });

  /** Stores what is now on disk as the file's saved text. */
  const store = (file: string, text: string, version: string) => {
    queryClient.setQueryData<DefinitionSource[]>(SOURCES_QUERY_KEY, (list) =>
      list?.map((s) => (s.file === file ? { file, text, version } : s)),
    );
    dropDraft(file);
  };

  const save = async (file: string, text: string, base: BaseVersion) => {
    setState({ kind: 'saving' });
    try {
      const answer = await saveSource(file, text, base.version, base.text);
      store(file, answer.merged ?? text, answer.version);
      // The merge holds edits the editor has not seen: it loads the text written.
      if (answer.merged !== undefined) reload();
      // The menu and the pages follow the saved definition.
      void queryClient.invalidateQueries({ queryKey: ['dashboards'] });
      setState({ kind: 'saved', at: new Date(), served: answer.served, merged: answer.merged !== undefined });
    } catch (err) {
      const disk =
        err instanceof ApiError && err.status === 409
          ? (err.body as SaveConflict | undefined)?.current
          : undefined;
      if (disk) setState({ kind: 'conflict', file, disk, base: base.text });
      else
        setState({ kind: 'failed', message: failureMessage(err, 'The file could not be saved; try again') });
    }
  };

  const takeDisk = (file: string, disk: DiskVersion) => {
    store(file, disk.text, disk.version);
    reload();
    setState({ kind: 'idle' });
  };

  return { state, save, takeDisk, reset: () => setState({ kind: 'idle' }) };
}
