/** The mistakes of the checker corpus, each a patch over dashboards/volume.json. */
export interface Patch {
  what: string;
  find: string;
  replace: string;
  /** The patch applies to the first `find` at or after this text. */
  after?: string;
}

const lineChart = (encoding: string) =>
  `{ "kind": "chart", "data": "byType", "spec": { "data": { "name": "rows" }, "mark": "line", "encoding": ${encoding} } },\n            {\n              "kind": "chart",\n              "id": "chart-volume-by-type",`;

export const mistakes: Record<string, Patch> = {
  '01-trailing-comma': {
    what: 'a comma left after the last column of a table',
    find: '                }\n              ],\n              "rowNumbers": { "width": 65 },',
    replace: '                },\n              ],\n              "rowNumbers": { "width": 65 },',
  },
  '02-missing-comma': {
    what: 'a comma forgotten between two properties',
    after: '"data": "volBySite",',
    find: '{ "header": "Site", "field": "site"',
    replace: '{ "header": "Site" "field": "site"',
  },
  '03-unquoted-name': {
    what: 'a property name without quotes',
    find: '{ "header": "Employee", "field": "employee"',
    replace: '{ header: "Employee", "field": "employee"',
  },
  '04-misspelled-property': {
    what: 'a misspelled property name',
    after: '"data": "volByEmployee",',
    find: '"columns": [',
    replace: '"colums": [',
  },
  '05-unknown-kind': {
    what: 'a widget kind that does not exist',
    find: '{ "kind": "select", "param": "volCommType"',
    replace: '{ "kind": "selct", "param": "volCommType"',
  },
  '06-unknown-param': {
    what: 'a param reference with a typo',
    find: '"relationshipIds": { "$param": "volRelationships" },',
    replace: '"relationshipIds": { "$param": "volRelationship" },',
  },
  '07-unknown-source': {
    what: 'a widget bound to a data source that does not exist',
    find: '"data": "nrByEmployee",',
    replace: '"data": "nrByEmploye",',
  },
  '08-unknown-endpoint': {
    what: 'an endpoint path with a typo',
    find: '"endpoint": "/api/relationships",',
    replace: '"endpoint": "/api/relationship",',
  },
  '09-unknown-field': {
    what: 'a column on a field the endpoint does not return',
    find: '"field": "totalCommCount",',
    replace: '"field": "totalComms",',
  },
  '10-wrong-type': {
    what: 'a number written in quotes',
    find: '"order": 7 }',
    replace: '"order": "7" }',
  },
  '11-bad-value': {
    what: 'a misspelled option value',
    find: '"defaultSort": { "field": "employee", "direction": "asc" }',
    replace: '"defaultSort": { "field": "employee", "direction": "acs" }',
  },
  '12-wrong-rows-pointer': {
    what: 'a rows pointer that finds nothing (the table would show no rows)',
    find: '"endpoint": "/api/data/communication/no_response_volume/by_employee",',
    replace: '"endpoint": "/api/data/communication/no_response_volume/by_employee",\n      "rows": "/value",',
  },
  '13-wrong-total-pointer': {
    what: 'a total pointer that finds nothing (paging would break)',
    after: '"volByEmployee": {',
    find: '"paged": true,',
    replace: '"paged": true,\n      "total": "/total",',
  },
  '14-unsortable-column': {
    what: 'a new sortable column on a field the endpoint cannot sort by',
    after: '"data": "nrBySite",',
    find: '{ "header": "Site", "field": "site", "inactiveField": "siteIsActive" },',
    replace:
      '{ "header": "Site", "field": "site", "inactiveField": "siteIsActive" },\n                { "header": "Max", "field": "maxIndex" },',
  },
  '15-line-with-xoffset': {
    what: 'a bar chart changed to a line, keeping xOffset',
    find: '{\n              "kind": "chart",\n              "id": "chart-volume-by-type",',
    replace: lineChart(
      '{ "x": { "field": "group", "type": "nominal" }, "xOffset": { "field": "stack", "type": "nominal" } }',
    ),
  },
  '16-chart-field-nowhere': {
    what: 'a chart encoding a field that exists neither in the rows nor in the transforms',
    find: '{\n              "kind": "chart",\n              "id": "chart-volume-by-type",',
    replace: lineChart(
      '{ "x": { "field": "group", "type": "nominal" }, "y": { "field": "total", "type": "quantitative" } }',
    ),
  },
  '17-undeclared-filter-key': {
    what: 'a global filter key with a typo',
    after: '"volBySite": {',
    find: '"body": {',
    replace: '"body": {\n        "startDate": { "$filter": "startdate" },',
  },
  '18-duplicate-property': {
    what: 'a property written twice in one object',
    find: '"rowNumbers": { "width": 65 },',
    replace: '"rowNumbers": { "width": 65, "width": 60 },',
  },
  '19-missing-closing-brace': {
    what: 'the last closing brace of the file deleted',
    find: '["noResponse"]]\n}',
    replace: '["noResponse"]]\n',
  },
  '20-unknown-template': {
    what: 'a body template name with a typo',
    find: '"endpoint": "/api/data/communication/volume/by_employee",',
    replace: '"endpoint": "/api/data/communication/volume/by_employee",\n      "template": "periods",',
  },
  '21-unknown-preset': {
    what: 'a column preset name with a typo',
    find: '{ "preset": "count", "header": "Site Inbound"',
    replace: '{ "preset": "cont", "header": "Site Inbound"',
  },
  '22-unknown-option-set': {
    what: 'an option set name with a typo',
    after: '"view": "nrView",',
    find: '"levels": "siteOrEmployee",',
    replace: '"levels": "siteOrEmploye",',
  },
  '23-unknown-value-map': {
    what: 'a value map name with a typo',
    find: '"commTypes": { "$param": "nrCommType", "map": "commTypes" }',
    replace: '"commTypes": { "$param": "nrCommType", "map": "commType" }',
  },
  '24-unknown-spec': {
    what: 'a chart reusing a shared spec, its name mistyped',
    find: '"spec": "volumeByType",',
    replace: '"spec": "volumeByTyp",',
  },
};

/** dashboards/volume.json with patches applied in turn. */
export function patchVolume(text: string, patches: Patch[]): string {
  let out = text;
  for (const p of patches) {
    const from = p.after === undefined ? 0 : out.indexOf(p.after);
    const at = out.indexOf(p.find, Math.max(from, 0));
    if (from < 0 || at < 0)
      throw new Error(`the patch '${p.what}' no longer applies to dashboards/volume.json`);
    out = out.slice(0, at) + p.replace + out.slice(at + p.find.length);
  }
  return out;
}
