import { languageTable } from '../../../support/languageTable';

describe('code in other languages: Ruby (shared approximate reader)', () => {
  languageTable({
    refused: [
      [`ruby -e 'system("rm -rf /")'`, 'recursive-delete-root'],
      [`ruby -e 'system("rm", "-rf", "/etc")'`, 'recursive-delete-root'],
      [`ruby -e '\`rm -rf /usr\`'`, 'recursive-delete-root'],
      [`ruby -e '%x(rm -rf /)'`, 'recursive-delete-root'],
      [`ruby -e 'exec "rm -rf /"'`, 'recursive-delete-root'],
      [`ruby -rfileutils -e 'FileUtils.rm_rf(Dir.home)'`, 'recursive-delete-root'],
      [`ruby -e 'require "fileutils"; FileUtils.rm_r("/etc")'`, 'recursive-delete-root'],
      [`ruby -e 'IO.popen("rm -rf /boot")'`, 'recursive-delete-root'],
    ],
    benign: [`ruby -e 'puts Dir.home'`, `ruby -e 'require "fileutils"; FileUtils.rm_rf("tmp/cache")'`, `ruby -e 'system("bundle", "install")'`],
  });
});
