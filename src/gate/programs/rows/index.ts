import type { ProgramRow } from '../row';
import { INTERPRETER_ROWS } from './interpreters';
import { SYSTEM_ROWS } from './system';

/**
 * Every row of the program table, by kind. A program is in exactly one file; `table.ts` refuses a
 * name written twice.
 */
export const ROWS: readonly ProgramRow[] = [...INTERPRETER_ROWS, ...SYSTEM_ROWS];
