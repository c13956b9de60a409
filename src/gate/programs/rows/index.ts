import type { ProgramRow } from '../row';
import { BUILD_ROWS } from './build';
import { INTERPRETER_ROWS } from './interpreters';

/**
 * Every row of the program table, by kind. A program is in exactly one file; `table.ts` refuses a
 * name written twice.
 */
export const ROWS: readonly ProgramRow[] = [...INTERPRETER_ROWS, ...BUILD_ROWS];
