// A package's data file imported as text: its build inlines the file (tsup.preset.js `loader`), its
// tests load it the same way (jest.preset.js `transform`), so both read the one file.
declare module '*.csv' {
  const text: string;
  export default text;
}
