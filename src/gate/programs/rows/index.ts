import type { ProgramRow } from '../row';
import { EDITOR_ROWS } from './editors';
import { INTERPRETER_ROWS } from './interpreters';

/**
 * Every row of the program table, by kind. A program is in exactly one file; `table.ts` refuses a
 * name written twice.
 */
export const ROWS: readonly ProgramRow[] = [...INTERPRETER_ROWS, ...EDITOR_ROWS];
