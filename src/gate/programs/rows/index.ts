import type { ProgramRow } from '../row';
import { INTERPRETER_ROWS } from './interpreters';
import { NETWORK_ROWS } from './network';

/**
 * Every row of the program table, by kind. A program is in exactly one file; `table.ts` refuses a
 * name written twice.
 */
export const ROWS: readonly ProgramRow[] = [...INTERPRETER_ROWS, ...NETWORK_ROWS];
