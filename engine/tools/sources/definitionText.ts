/** The text of one definition and where it came from: a file path, or 'revision:path' from git. */
export interface DefinitionText {
  source: string;
  text: string;
}
