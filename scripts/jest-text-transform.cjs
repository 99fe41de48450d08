// Jest transform of a data file a package's source imports as text (a category's
// data/security-targets.csv): a module whose default export is the file's text, as tsup's text
// loader inlines it in the build (tsup.preset.js). Both read the one file.
module.exports = {
  process(sourceText) {
    return { code: `module.exports = ${JSON.stringify(sourceText)};` };
  },
};
