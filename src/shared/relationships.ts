/**
 * Relationship ids, labels and sort order (SPEC.md sections 3 and 9). Ids match the
 * relationships table of the data model.
 */

/** One relationship of a contact to a site. */
export interface Relationship {
  id: number;
  name: string;
  /** What filters and charts show. */
  label: string;
}

/** Every relationship in the spec's sort order; Lost comes last and only on some pages. */
export const RELATIONSHIPS: readonly Relationship[] = [
  { id: 1, name: 'Lead', label: 'Leads' },
  { id: 2, name: 'Prospect', label: 'Prospects' },
  { id: 3, name: 'Applicant', label: 'Applicants' },
  { id: 4, name: 'Resident', label: 'Residents' },
  { id: 5, name: 'Vendor', label: 'Vendors' },
  { id: 6, name: 'Other', label: 'Other' },
  { id: 7, name: 'Lost', label: 'Inactive' },
];

/** Id of the Lost relationship, appended to the fetched list on the Response Time and Volume pages. */
export const LOST_RELATIONSHIP_ID = 7;

/** The label a relationship name shows as (Lead -> Leads, Lost -> Inactive; others as is). */
export function relationshipLabel(name: string): string {
  return RELATIONSHIPS.find((r) => r.name === name)?.label ?? name;
}
