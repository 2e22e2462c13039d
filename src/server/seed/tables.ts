import type { BulkColumn } from '../store';

/**
 * The columns of every data table, in the order the seed generator and the importer write them.
 * One description serves both, and the ingest schemas name the same fields.
 */
export const TABLES = {
  accounts: [
    { name: 'id', type: 'integer' },
    { name: 'name', type: 'varchar' },
    { name: 'is_active', type: 'boolean' },
    { name: 'time_zone', type: 'varchar' },
  ],
  sites: [
    { name: 'id', type: 'integer' },
    { name: 'account_id', type: 'integer' },
    { name: 'name', type: 'varchar' },
    { name: 'is_active', type: 'boolean' },
    { name: 'time_zone', type: 'varchar' },
  ],
  employees: [
    { name: 'id', type: 'integer' },
    { name: 'site_id', type: 'integer' },
    { name: 'first_name', type: 'varchar' },
    { name: 'last_name', type: 'varchar' },
    { name: 'is_active', type: 'boolean' },
  ],
  ad_sources: [
    { name: 'id', type: 'integer' },
    { name: 'name', type: 'varchar' },
    { name: 'is_active', type: 'boolean' },
    { name: 'is_ils', type: 'boolean' },
  ],
  relationships: [
    { name: 'id', type: 'integer' },
    { name: 'name', type: 'varchar' },
    { name: 'sort_order', type: 'integer' },
  ],
  contacts: [
    { name: 'id', type: 'bigint' },
    { name: 'account_id', type: 'integer' },
    { name: 'site_id', type: 'integer' },
    { name: 'relationship_id', type: 'integer' },
    { name: 'ad_source_id', type: 'integer' },
    { name: 'first_contact_at', type: 'timestamp' },
  ],
  communications: [
    { name: 'id', type: 'bigint' },
    { name: 'account_id', type: 'integer' },
    { name: 'site_id', type: 'integer' },
    { name: 'employee_id', type: 'integer' },
    { name: 'contact_id', type: 'bigint' },
    { name: 'relationship_id', type: 'integer' },
    { name: 'ad_source_id', type: 'integer' },
    { name: 'comm_type', type: 'varchar' },
    { name: 'direction', type: 'varchar' },
    { name: 'occurred_at', type: 'timestamp' },
    { name: 'caller_type', type: 'varchar' },
    { name: 'call_result', type: 'varchar' },
    { name: 'is_missed', type: 'boolean' },
    { name: 'duration_seconds', type: 'integer' },
    { name: 'is_first_communication', type: 'boolean' },
    { name: 'response_required', type: 'boolean' },
    { name: 'responded_at', type: 'timestamp' },
    { name: 'response_seconds', type: 'integer' },
  ],
  leases: [
    { name: 'id', type: 'bigint' },
    { name: 'account_id', type: 'integer' },
    { name: 'site_id', type: 'integer' },
    { name: 'contact_id', type: 'bigint' },
    { name: 'ad_source_id', type: 'integer' },
    { name: 'leased_on', type: 'date' },
  ],
  call_scores: [
    { name: 'id', type: 'bigint' },
    { name: 'communication_id', type: 'bigint' },
    { name: 'account_id', type: 'integer' },
    { name: 'site_id', type: 'integer' },
    { name: 'employee_id', type: 'integer' },
    { name: 'scored_at', type: 'timestamp' },
    { name: 'is_qualified', type: 'boolean' },
    { name: 'is_appointment', type: 'boolean' },
    { name: 'score', type: 'integer' },
  ],
  action_items: [
    { name: 'id', type: 'bigint' },
    { name: 'account_id', type: 'integer' },
    { name: 'site_id', type: 'integer' },
    { name: 'employee_id', type: 'integer' },
    { name: 'relationship_id', type: 'integer' },
    { name: 'comm_type', type: 'varchar' },
    { name: 'communication_id', type: 'bigint' },
    { name: 'created_at', type: 'timestamp' },
    { name: 'resolved_at', type: 'timestamp' },
  ],
  data_status: [
    { name: 'id', type: 'integer' },
    { name: 'last_data_update', type: 'timestamp' },
  ],
} as const satisfies Record<string, readonly BulkColumn[]>;

export type TableName = keyof typeof TABLES;

/** Data tables in the order they are filled; reversed for clearing. */
export const TABLE_ORDER = Object.keys(TABLES) as TableName[];
