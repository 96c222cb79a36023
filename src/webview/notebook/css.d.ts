// The renderer bundle imports its CSS as text (esbuild's `text` loader) and puts it in a <style>.
declare module '*.css' {
  const text: string;
  // esbuild's text loader gives the file as the module's default export.
  // eslint-disable-next-line no-restricted-syntax
  export default text;
}
