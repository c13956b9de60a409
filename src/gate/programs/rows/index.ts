import type { ProgramRow } from '../row';
import { CLOUD_ROWS } from './cloud';
import { INTERPRETER_ROWS } from './interpreters';

/**
 * Every row of the program table, by kind. A program is in exactly one file; `table.ts` refuses a
 * name written twice.
 */
export const ROWS: readonly ProgramRow[] = [...INTERPRETER_ROWS, ...CLOUD_ROWS];
