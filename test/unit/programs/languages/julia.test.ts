import { languageTable } from '../../../support/languageTable';

describe('code in other languages: Julia (shared approximate reader)', () => {
  languageTable({
    refused: [
      [`julia -e 'run(\`rm -rf /\`)'`, 'recursive-delete-root'],
      [`julia -e 'rm(homedir(), recursive=true)'`, 'recursive-delete-root'],
      [`julia -e 'rm("/etc", recursive=true, force=true)'`, 'recursive-delete-root'],
      [`julia -e 'read(\`rm -rf /usr\`, String)'`, 'recursive-delete-root'],
    ],
    benign: [`julia -e 'println(VERSION)'`, `julia -e 'rm("build", recursive=true)'`, `julia -e '# run(\`rm -rf /\`)'`],
  });
});
