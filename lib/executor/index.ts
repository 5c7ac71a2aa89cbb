/**
 * The executor's public face. Everything here is pure: no I/O, no database, no clock.
 */

export {
  CONFLICT_CELLS_SHOWN,
  findOrderConflicts,
  type OrderConflict,
  type OrderConflictReason,
} from "./conflicts";
export { dictionaryEncodingByHeader, dictionaryEncodingFor } from "./dictionary-encoding";
export { dryRun } from "./dry-run";
export { CHANGE_SET_ENCODING, changeSetHash } from "./hash";
export {
  type InversePlanOptions,
  type InversePlanResult,
  inversePlan,
  MAX_OPERATIONS,
} from "./inverse";
export type {
  Change,
  DryRunError,
  DryRunErrorCode,
  DryRunFailure,
  DryRunResult,
  GuardName,
  GuardResult,
  OperationStats,
} from "./types";
export { OFFENDING_KEYS_SHOWN } from "./types";
