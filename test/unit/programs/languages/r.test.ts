import { languageTable } from '../../../support/languageTable';

describe('code in other languages: R (shared approximate reader)', () => {
  languageTable({
    refused: [
      [`Rscript -e 'system("rm -rf /")'`, 'recursive-delete-root'],
      [`Rscript -e 'system2("rm", c("-rf", "/etc"))'`, 'recursive-delete-root'],
      [`Rscript -e 'unlink("/usr", recursive = TRUE)'`, 'recursive-delete-root'],
      [`R -e 'unlink(path.expand("~"), recursive = TRUE)'`, 'recursive-delete-root'],
    ],
    benign: [`Rscript -e 'print(sessionInfo())'`, `Rscript -e 'unlink("tmp.csv")'`, `Rscript -e '# system("rm -rf /")'`, `R -e 'install.packages("x")'`],
  });
});
