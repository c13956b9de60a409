import { languageTable } from '../../../support/languageTable';

describe('code in other languages: m4 (shared approximate reader)', () => {
  languageTable({
    refused: [
      [`m4 <<< 'esyscmd(\`rm -rf /'"'"')'`, 'recursive-delete-root'],
      [`m4 <<< 'syscmd(rm -rf /etc)'`, 'recursive-delete-root'],
    ],
    benign: [`m4 <<< 'define(x, 1)x'`, `m4 macros.m4`, `m4 <<< 'esyscmd(date)'`],
  });
});
