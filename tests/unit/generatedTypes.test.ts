import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  API_TYPES_FILE,
  DELIVERY_TYPES_FILE,
  generateApiTypes,
  generateDeliveryTypes,
} from '../../scripts/gen-types';

// src/shared/api/types.ts is generated from schemas/api; a schema change without `npm run gen:types`
// would leave the server and the client typed against a shape the API no longer has.
describe('generated API types', () => {
  it('src/shared/api/types.ts is what scripts/gen-types.ts makes of schemas/api', async () => {
    expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(await generateApiTypes());
  });
});

// src/shared/delivery/types.ts likewise, from schemas/delivery (digests and alert rules).
describe('generated delivery types', () => {
  it('src/shared/delivery/types.ts is what scripts/gen-types.ts makes of schemas/delivery', async () => {
    expect(readFileSync(DELIVERY_TYPES_FILE, 'utf8')).toBe(await generateDeliveryTypes());
  });
});
