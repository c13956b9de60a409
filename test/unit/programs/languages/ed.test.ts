import { languageTable } from '../../../support/languageTable';

describe('code in other languages: ed (shared approximate reader)', () => {
  languageTable({
    refused: [
      [`ed -s file.txt <<< '!rm -rf /'`, 'recursive-delete-root'],
      [`printf '!rm -rf /etc\\nq\\n' | ed -s`, 'recursive-delete-root'],
    ],
    benign: [`ed -s file.txt <<< ',p'`, `printf ',s/a/b/\\nw\\nq\\n' | ed -s file.txt`, `ed -s file.txt <<< '!ls'`],
  });
});
