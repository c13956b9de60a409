import { languageTable } from '../../../support/languageTable';

describe('code in other languages: Lua (shared approximate reader)', () => {
  languageTable({
    refused: [
      [`lua -e 'os.execute("rm -rf /")'`, 'recursive-delete-root'],
      [`lua -e 'io.popen("rm -rf /etc")'`, 'recursive-delete-root'],
      [`luajit -e 'os.execute([[rm -rf /usr]])'`, 'recursive-delete-root'],
      [`lua -e 'os.execute("rm -rf " .. os.getenv("HOME"))'`, 'recursive-delete-root'],
    ],
    benign: [`lua -e 'print(os.time())'`, `lua -e '-- os.execute("rm -rf /")'`, `lua -e 'os.remove("out.txt")'`],
  });
});
