/**
 * Writes docs/programs.md from the program table (`npm run docs:programs`). The unit test
 * `programsDoc.test.ts` fails when the checked-in file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { programsMarkdown } from '../src/gate/programs/describe';

writeFileSync(join(process.cwd(), 'docs', 'programs.md'), programsMarkdown() + '\n');
process.stdout.write('wrote docs/programs.md\n');
