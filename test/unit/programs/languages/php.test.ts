import { languageTable } from '../../../support/languageTable';

describe('code in other languages: PHP (shared approximate reader)', () => {
  languageTable({
    refused: [
      [`php -r 'system("rm -rf /");'`, 'recursive-delete-root'],
      [`php -r 'shell_exec("rm -rf /etc");'`, 'recursive-delete-root'],
      [`php -r 'passthru("rm -rf /usr");'`, 'recursive-delete-root'],
      [`php -r 'exec("rm -rf " . "/");'`, 'recursive-delete-root'],
      [`php -r 'echo \`rm -rf /\`;'`, 'recursive-delete-root'],
      [`php -r 'proc_open("rm -rf /boot", [], $p);'`, 'recursive-delete-root'],
    ],
    benign: [`php -r 'echo PHP_VERSION;'`, `php -r 'echo json_encode(["a" => 1]);'`, `php -r '// system("rm -rf /");'`, `php -r 'unlink("cache.tmp");'`],
  });
});
