import { languageTable } from '../../../support/languageTable';

// Names that say they delete, or that they are the home folder, in code of any language the gate
// reads approximately (docs/decisions.md "Names that say they delete, or name the home folder"):
// read by their words, not looked up in a list of libraries. zork is a language with no row.
describe('code in other languages: names read by their words (shared approximate reader)', () => {
  languageTable({
    refused: [
      [`zork -e 'Dir.rmdir_rf("/etc")'`, 'recursive-delete-root'],
      [`zork -e 'fs.deleteTreeAbsolute("/usr")'`, 'recursive-delete-root'],
      [`zork -e 'del_tree("/boot")'`, 'recursive-delete-root'],
      [`zork -e 'Files.delete_dir("/var")'`, 'recursive-delete-root'],
      [`zork -e 'wipeFolder(getUserHome())'`, 'recursive-delete-root'],
      [`zork -e 'os.remove_all(os.home)'`, 'recursive-delete-root'],
      [`zork -e 'rmSync(homedir(), {recursive: true})'`, 'recursive-delete-root'],
      [`zork -e 'purge_path(user_home_path())'`, 'recursive-delete-root'],
      [`zork -e 'Tree.nuke! "/opt"'`, 'recursive-delete-root'],
    ],
    benign: [
      `zork -e 'print(home_page)'`,
      `zork -e 'items.remove("x")'`,
      `zork -e 'el.removeEventListener("click", f)'`,
      `zork -e 'remove_all("build")'`,
      `zork -e 'x = os.home; print(x)'`,
      `zork -e 'rmdir_rf("./dist")'`,
      `zork -e 'delete_dir("/tmp/zork-build")'`,
      `zork -e 'moveToTrash(homebrew_prefix)'`,
      `zork -e 'home = load(); destroy("tank/home@snap1")'`,
    ],
  });
});
