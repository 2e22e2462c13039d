// PLACEHOLDER (h61ui): stands in for h61defs's module of the same name, with the contract's
// signatures, until that branch is merged; the merge takes h61defs's file.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Store } from '../store';
import type { DeliveryDefinitions } from './definitions';
export interface DeliveryContext {
  app: FastifyInstance;
  store: Store;
  config: Config;
  definitions: DeliveryDefinitions;
}
