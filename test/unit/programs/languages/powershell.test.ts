import { languageTable } from '../../../support/languageTable';

describe('code in other languages: PowerShell (shared approximate reader)', () => {
  languageTable({
    refused: [
      [`pwsh -c 'Remove-Item -Recurse -Force /etc'`, 'recursive-delete-root'],
      [`pwsh -Command 'Remove-Item -Recurse -Force $HOME'`, 'recursive-delete-root'],
      [`pwsh -c 'rm -Recurse -Force ~'`, 'recursive-delete-root'],
      [`pwsh -c 'Invoke-Expression "rm -rf /"'`, 'recursive-delete-root'],
      [`pwsh -c 'Start-Process sh -ArgumentList "-c", "rm -rf /usr"'`, 'recursive-delete-root'],
    ],
    benign: [`pwsh -c 'Get-ChildItem'`, `pwsh -c 'Remove-Item -Recurse -Force ./dist'`, `pwsh -c 'Write-Output "hello"'`, `pwsh -c '# Remove-Item -Recurse /'`],
  });
});
