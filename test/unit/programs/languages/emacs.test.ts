import { languageTable } from '../../../support/languageTable';

describe('code in other languages: Emacs Lisp (shared approximate reader)', () => {
  languageTable({
    refused: [
      [`emacs --batch --eval '(shell-command "rm -rf /")'`, 'recursive-delete-root'],
      [`emacs --batch --eval '(call-process "rm" nil nil nil "-rf" "/etc")'`, 'recursive-delete-root'],
      [`emacs --batch --eval '(delete-directory "/usr" t)'`, 'recursive-delete-root'],
      [`emacs --batch --eval '(delete-directory (getenv "HOME") t)'`, 'recursive-delete-root'],
      [`emacsclient --eval '(shell-command-to-string "rm -rf /")'`, 'recursive-delete-root'],
    ],
    benign: [`emacs --batch --eval '(message "hello")'`, `emacs --batch --eval '(delete-directory "build" t)'`, `emacs --batch --eval '; (shell-command "rm -rf /")'`],
  });
});
