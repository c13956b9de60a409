import { languageTable } from '../../../support/languageTable';

describe('code in other languages: Perl (shared approximate reader)', () => {
  languageTable({
    refused: [
      [`perl -e 'system("rm -rf /")'`, 'recursive-delete-root'],
      [`perl -e 'system("rm", "-rf", "/usr")'`, 'recursive-delete-root'],
      [`perl -e 'exec q(rm -rf /etc)'`, 'recursive-delete-root'],
      [`perl -e 'qx{rm -rf /}'`, 'recursive-delete-root'],
      [`perl -e '\`rm -rf /boot\`'`, 'recursive-delete-root'],
      [`perl -MFile::Path -e 'remove_tree($ENV{HOME})'`, 'recursive-delete-root'],
      [`perl -e 'use File::Path; rmtree("/etc")'`, 'recursive-delete-root'],
      [`perl -e 'open(my $f, "|-", "rm -rf /")'`, 'recursive-delete-root'],
      [`perl -E 'say for 1; system "rm -rf /"'`, 'recursive-delete-root'],
    ],
    benign: [`perl -e 'print "hello\\n"'`, `perl -ne 'print if /rm -rf/' notes.txt`, `perl -e 'system("ls", "-la")'`, `perl -e '# system("rm -rf /")'`, `perl -pi -e 's/foo/bar/' file.txt`],
  });
});
