// Lets dependency-cruiser read TypeScript without the TypeScript compiler's library (TypeScript 7
// has none): Babel's own parser reads .ts/.tsx, and this plugin reduces each module to the
// modules it imports (type-only imports and `import()` included), which dependency-cruiser reads.
const keepOnlyImports = ({ types: t }) => ({
  visitor: {
    Program: {
      exit(program) {
        const sources = [];
        program.traverse({
          'ImportDeclaration|ExportNamedDeclaration|ExportAllDeclaration'(path) {
            if (path.node.source) sources.push(path.node.source.value);
          },
          CallExpression(path) {
            const [first] = path.node.arguments;
            if (path.node.callee.type === 'Import' && first?.type === 'StringLiteral')
              sources.push(first.value);
          },
          TSImportType(path) {
            sources.push(path.node.argument.value ?? path.node.argument.literal?.value);
          },
        });
        program.node.body = sources
          .filter((source) => typeof source === 'string')
          .map((source) => t.importDeclaration([], t.stringLiteral(source)));
        program.node.directives = [];
        program.skip();
      },
    },
  },
});

module.exports = {
  babelrc: false,
  configFile: false,
  parserOpts: { plugins: ['typescript', 'jsx'] },
  plugins: [keepOnlyImports],
};
