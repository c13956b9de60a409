import { languageTable } from '../../../support/languageTable';

describe('code in other languages: Tcl and Expect (shared approximate reader)', () => {
  languageTable({
    refused: [
      [`tclsh <<< 'exec rm -rf /'`, 'recursive-delete-root'],
      [`echo 'exec rm -rf /etc' | tclsh`, 'recursive-delete-root'],
      [`expect -c 'spawn rm -rf /; expect eof'`, 'recursive-delete-root'],
      [`expect -c 'exec rm -rf /usr'`, 'recursive-delete-root'],
      [`tclsh <<< 'file delete -force /etc'`, 'recursive-delete-root'],
    ],
    benign: [`tclsh <<< 'puts hello'`, `expect -c 'spawn ssh host; expect "password:"'`, `tclsh <<< 'file delete -force build'`],
  });
});
