import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type JsonValue,
  loadSchemaSet,
  packageRoot,
  type ReferenceDocument,
  renderReference,
} from '../../../engine/tools';

const root = packageRoot(import.meta.dirname);

/** A shipped definition as an example (its `$schema` path is the file's, not the reader's). */
function shipped(path: string): JsonValue {
  const { $schema: _path, ...doc } = JSON.parse(readFileSync(join(root, 'dashboards', path), 'utf8'));
  return doc;
}

/** The sections of docs/deliveries.md: the digest, then the alert rule and its parts. */
function deliveryDocument(): ReferenceDocument {
  return {
    title: 'Digest and alert-rule reference',
    source: 'schemas/delivery',
    intro: [
      'Every option of a digest (`dashboards/digests/*.json`) and an alert rule (`dashboards/alerts/*.json`),',
      'from the descriptions and defaults in `schemas/delivery/`. How to write them: the section',
      "'Digests and alert rules' of [analysts.md](analysts.md).",
    ],
    groups: [
      {
        heading: 'Digest',
        intro: "A digest names panels of existing pages and a period; its figures are the pages' own.",
        sections: [
          {
            heading: 'Digest',
            ref: 'digest.schema.json',
            examples: [shipped('digests/weekly-portfolio.json')],
          },
          { heading: 'Digest item', ref: 'digest.schema.json#/$defs/item' },
        ],
      },
      {
        heading: 'Alert rule',
        intro:
          'An alert rule reads a source as a page does, fans out over sites or employees and tests one field of each.',
        sections: [
          {
            heading: 'Alert rule',
            ref: 'alert-rule.schema.json',
            examples: [shipped('alerts/missed-call-rate.json'), shipped('alerts/response-time-4h.json')],
          },
          { heading: 'Alert source', ref: 'alert-rule.schema.json#/$defs/source' },
          {
            heading: 'Alert entity',
            ref: 'alert-rule.schema.json#/properties/entity',
            examples: [
              { kind: 'site', idField: 'siteId', nameField: 'site' },
              { kind: 'site', each: 'siteIds' },
            ],
          },
          { heading: 'Alert value', ref: 'alert-rule.schema.json#/properties/value' },
          {
            heading: 'Alert condition',
            ref: 'alert-rule.schema.json#/properties/condition',
            examples: [
              { above: 'maxPercent' },
              { below: 'minRate' },
              { change: 'increase', by: 'maxRise', relative: true },
            ],
          },
          { heading: 'Alert volume', ref: 'alert-rule.schema.json#/properties/volume' },
          { heading: 'Alert threshold', ref: 'alert-rule.schema.json#/$defs/threshold' },
        ],
      },
    ],
  };
}

/** docs/deliveries.md: the reference of digests and alert rules, generated from schemas/delivery. */
export function renderDeliveryReference(): string {
  return renderReference(
    loadSchemaSet(join(root, 'schemas', 'delivery'), 'digest.schema.json'),
    deliveryDocument(),
  );
}
