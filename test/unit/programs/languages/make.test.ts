import { languageTable } from '../../../support/languageTable';

describe('code in other languages: make --eval (shared approximate reader)', () => {
  languageTable({
    refused: [
      [`make --eval 'x:; rm -rf /' x`, 'recursive-delete-root'],
      [`make --eval '$(shell rm -rf /etc)'`, 'recursive-delete-root'],
      [`make -E 'all: ; @rm -rf /usr'`, 'recursive-delete-root'],
    ],
    benign: [`make --eval 'x:; @echo hi' x`, `make --eval 'CFLAGS += -O2'`, `make --eval 'clean:; rm -rf build' clean`],
  });
});
