import { languageTable } from '../../../support/languageTable';

describe('code in other languages: Vim and Neovim commands (shared approximate reader)', () => {
  languageTable({
    refused: [
      [`vim -c '!rm -rf /' -c q`, 'recursive-delete-root'],
      [`nvim --headless -c 'lua os.execute("rm -rf /")' -c q`, 'recursive-delete-root'],
      [`nvim --headless -c 'lua vim.fn.system("rm -rf /etc")' -c q`, 'recursive-delete-root'],
      [`vim +'call system("rm -rf /")' +q`, 'recursive-delete-root'],
      [`vim -es -c 'call delete("/usr", "rf")' -c q`, 'recursive-delete-root'],
      [`nvim --headless +'lua vim.fn.delete(vim.env.HOME, "rf")' +q`, 'recursive-delete-root'],
    ],
    benign: [`nvim --headless -c 'echo "hi"' -c q`, `vim +10 file.txt`, `vim -c 'set nu' file.txt`, `nvim --headless -c 'lua print(vim.version())' -c q`],
  });
});
