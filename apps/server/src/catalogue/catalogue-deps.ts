import type { DatabaseHandle } from '../db/open-database.js';
import type { AppEvents } from '../lib/app-events.js';
import type { QuotaTypeOf } from './model-usage.js';

/** What the catalogue's operations need. */
export interface CatalogueDeps {
  database: DatabaseHandle;
  /** `catalogue-changed` is emitted after every write (the pricing list drops its copy). */
  events: AppEvents;
  /** How the price settings bill a model (billing lives above the catalogue: it is passed in). */
  quotaTypeOf: QuotaTypeOf;
}
