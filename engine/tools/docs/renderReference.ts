import { formatDefinitionError } from '../../definitions/definitionError';
import { checkDefinitionText } from '../../definitions/loadDefinition';
import { canonicalOrder } from '../canonicalOrder';
import { isJsonObject, type JsonValue } from '../jsonValue';
import { printJson } from '../printJson';
import { deref, type SchemaAt, type SchemaSet } from '../schemaSet';
import { exampleValidator } from './exampleValidator';
import { exampleValue } from './exampleValue';
import { optionRows } from './optionRows';
import { type ReferenceGroup, type ReferenceSection, referenceGroups } from './referenceSections';

/** The heading's anchor as GitHub makes it. */
const anchor = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The widget kinds of a schema set: one per widget-<kind>.schema.json. */
export function widgetKinds(set: SchemaSet): string[] {
  return [...set.byId.keys()].flatMap((id) => /^widget-(.+)\.schema\.json$/.exec(id)?.[1] ?? []).sort();
}

/** Another reference than the pages' (its own schema folder, title and sections). */
export interface ReferenceDocument {
  title: string;
  /** The schema folder, as the generated note names it ('schemas/delivery'). */
  source: string;
  /** The paragraph under the title, one line each. */
  intro: string[];
  groups: ReferenceGroup[];
}

/**
 * docs/dashboards.md (or, with `doc`, another reference): every section of referenceGroups with its description, options table
 * (name, type, default, required, description) and examples. Examples come from the schema's
 * `examples`, else the section's hand-written ones, else a minimal one built from the schema; each
 * is validated against its schema (the page example also by the engine) and an invalid one throws,
 * naming the section and what is wrong.
 */
export function renderReference(set: SchemaSet, doc?: ReferenceDocument): string {
  const validate = exampleValidator(set);
  const groups = doc?.groups ?? referenceGroups(widgetKinds(set));
  const anchors = new Map<string, string>();
  for (const group of groups) {
    for (const section of group.sections) {
      const title = deref(set, atRef(set, section.ref)).schema.title;
      if (typeof title === 'string') anchors.set(title, anchor(section.heading));
    }
  }
  anchors.set('Widget', anchor('Widget kinds'));
  const link = (title: string) => (anchors.has(title) ? `[${title}](#${anchors.get(title)})` : title);

  const lines = [
    `# ${doc?.title ?? 'Dashboard definition reference'}`,
    '',
    `<!-- Generated from ${doc?.source ?? 'schemas/dashboard'} by scripts/docs-dashboards.ts (npm run docs:dashboards); edit the schemas, not this file. -->`,
    '',
    ...(doc?.intro ?? [
      'Every option of a dashboard definition, from the descriptions and defaults in `schemas/dashboard/`.',
      'A default applies when the option is left out; `npm run dashboards:print -- <page>` shows a page with',
      'every default filled in.',
    ]),
    '',
    ...groups.flatMap((g) => [`- [${g.heading}](#${anchor(g.heading)})`]),
    '',
  ];
  for (const group of groups) {
    lines.push(`## ${group.heading}`, '', group.intro, '');
    const nested = group.sections.length > 1 || group.sections[0].heading !== group.heading;
    for (const section of group.sections) lines.push(...renderSection(set, section, nested, link, validate));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function renderSection(
  set: SchemaSet,
  section: ReferenceSection,
  nested: boolean,
  link: (title: string) => string,
  validate: ReturnType<typeof exampleValidator>,
): string[] {
  const at = deref(set, atRef(set, section.ref));
  const lines: string[] = nested ? [`### ${section.heading}`, ''] : [];
  if (typeof at.schema.description === 'string') lines.push(at.schema.description, '');
  const rows = optionRows(set, at, link);
  if (rows.length) {
    lines.push('| Option | Type | Default | Required | Description |', '| --- | --- | --- | --- | --- |');
    for (const r of rows) {
      lines.push(
        `| \`${r.name}\` | ${cell(r.type)} | ${r.default ? `\`${cell(r.default)}\`` : ''} | ${r.required ? 'yes' : ''} | ${cell(r.description)} |`,
      );
    }
    lines.push('');
  }
  const schemaExamples = Array.isArray(at.schema.examples) ? (at.schema.examples as JsonValue[]) : undefined;
  const examples = schemaExamples ??
    section.examples ?? [exampleValue(set, at, section.heading.toLowerCase())];
  for (const example of examples) {
    const problems = validate(section.ref, example);
    if (section.ref === 'page.schema.json' && !problems.length) {
      const checked = checkDefinitionText('example.json', JSON.stringify(example));
      problems.push(...checked.errors.map(formatDefinitionError));
    }
    if (problems.length)
      throw new Error(
        `the example of '${section.heading}' is not valid: ${problems.join('; ')}; fix the example`,
      );
  }
  lines.push(examples.length > 1 ? 'Examples:' : 'Example:', '');
  for (const example of examples) {
    lines.push('```json', printJson(canonicalOrder(example, set, at)).trimEnd(), '```', '');
  }
  return lines;
}

/** The schema node named by a ref such as 'common.schema.json#/$defs/condition'. */
function atRef(set: SchemaSet, ref: string): SchemaAt {
  const [file] = ref.split('#');
  const root = set.byId.get(file);
  if (!isJsonObject(root)) throw new Error(`no schema file ${file} in the schema folder`);
  return deref(set, { schema: { $ref: ref }, file });
}
